/** The query key of people searches: the /people page's and the top search box's People group share their answers. */
export const peopleKey = ['people', 'search'] as const;
