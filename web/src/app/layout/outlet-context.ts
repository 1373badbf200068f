import type { SearchBox } from '../../features/search';

/**
 * What the signed-in frame (app-layout.tsx) hands every page through the outlet
 * context of lib/router.tsx (`useOutletContext<AppOutletContext>()`). The search
 * box lives in the frame's own download; a page that imported it would split it
 * out of that download into a chunk of its own, costing the first screen a
 * request and bytes.
 */
export interface AppOutletContext {
  SearchBox: typeof SearchBox;
}
