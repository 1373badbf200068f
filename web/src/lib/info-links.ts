/** The pages about Reelhouse (app/routes/info.tsx), open to everyone: the landing footer and each of them link here. */
export const INFO_LINKS = [
  { to: '/about', label: 'About Reelhouse' },
  { to: '/help', label: 'Help centre' },
  { to: '/guidelines', label: 'Community guidelines' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms of use' },
];
