import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import {
  Link as BaseLink,
  Router as BaseRouter,
  Redirect,
  useLocation as useBaseLocation,
  useParams as useBaseParams,
  useRouter,
} from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';

/**
 * The app's routing vocabulary, on top of wouter (a ~2.5 KB router). Pages and features import
 * from here only, never from wouter, so the names and call shapes stay those of the whole app:
 * `<Link to>`, `<NavLink>`, `<Navigate>`, `useNavigate()`, `useParams()`, `useSearchParams()`,
 * `useLocation()`, and the frame's outlet context. Routes themselves are declared in
 * app/router.tsx with wouter's `Switch` and `Route`.
 */

interface BrowserLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

const readBrowserLocation = (): BrowserLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  state: window.history.state,
});

const sameLocation = (a: BrowserLocation, b: BrowserLocation) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state === b.state;

const BrowserLocationContext = createContext<BrowserLocation | null>(null);

function useBrowserPath(): [string, typeof browserNavigate] {
  return [useContext(BrowserLocationContext)?.pathname ?? '/', browserNavigate];
}

const useBrowserSearch = () => useContext(BrowserLocationContext)?.search ?? '';

/** wouter's navigate dispatches these (it patches pushState and replaceState); Back and Forward fire popstate. */
const locationEvents = ['popstate', 'pushState', 'replaceState', 'hashchange'];

/**
 * The app's router: the browser's address, read into React state. A change of address renders
 * in a transition, as React Router did, so the page on screen stays until the next page's code
 * has loaded instead of blanking behind a Suspense fallback; and every hook below reads the same
 * snapshot, so a page never sees a new path with an old query.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readBrowserLocation);
  useLayoutEffect(() => {
    const update = () => {
      const next = readBrowserLocation();
      startTransition(() => setLocation((current) => (sameLocation(current, next) ? current : next)));
    };
    for (const event of locationEvents) addEventListener(event, update);
    // A redirect in a child's layout effect has run already, before these listeners.
    update();
    return () => {
      for (const event of locationEvents) removeEventListener(event, update);
    };
  }, []);
  return (
    <BrowserLocationContext value={location}>
      <BaseRouter hook={useBrowserPath} searchHook={useBrowserSearch}>
        {children}
      </BaseRouter>
    </BrowserLocationContext>
  );
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Kept with the history entry; read back with `useLocation().state`. */
  state?: unknown;
}

type Go = (to: string, options?: NavigateOptions) => void;

/** Where to go: a path (with its query), or its parts as an object. */
export type To = string | { pathname?: string; search?: string; hash?: string };

/** The address for `to`; an object's missing pathname is the current one. */
export function href(to: To, currentPathname = '') {
  if (typeof to === 'string') return to;
  const search = to.search && to.search[0] !== '?' ? `?${to.search}` : (to.search ?? '');
  const hash = to.hash && to.hash[0] !== '#' ? `#${to.hash}` : (to.hash ?? '');
  return `${to.pathname ?? currentPathname}${search}${hash}`;
}

/** `to` a place, or a number of steps through history (`-1` is the browser's Back). */
export type NavigateFunction = (to: To | number, options?: NavigateOptions & { preventScrollReset?: boolean }) => void;

/** Steps through history for a number, otherwise goes to the path with `go`. */
export function navigateWith(go: Go, to: string | number, options?: NavigateOptions) {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  go(to, { replace: options?.replace ?? false, state: options?.state ?? null });
}

/** Navigates from event handlers and effects; the function keeps its identity while the path stays. */
export function useNavigate(): NavigateFunction {
  const [pathname, go] = useBaseLocation();
  return useCallback<NavigateFunction>(
    (to, options) => navigateWith(go, typeof to === 'number' ? to : href(to, pathname), options),
    [go, pathname],
  );
}

export interface Location<State = unknown> {
  /** The path, without query or hash: `/home`. */
  pathname: string;
  /** The query with its `?` (`?tab=mine`), or an empty string. */
  search: string;
  /** The hash with its `#`, or an empty string. */
  hash: string;
  /** What the navigation that led here passed as `state`, or null. */
  state: State | null;
}

/** The query of the router's location, with its `?` (the browser gives one, a memory location none). */
function useRawSearch() {
  const router = useRouter();
  const search = router.searchHook(router);
  return search && search[0] !== '?' ? `?${search}` : search;
}

/** Where the app is: path, query, hash, and the state the navigation passed (none outside BrowserRouter). */
export function useLocation<State = unknown>(): Location<State> {
  const [pathname] = useBaseLocation();
  const search = useRawSearch();
  const browser = useContext(BrowserLocationContext);
  const hash = browser?.hash ?? '';
  const state = (browser?.state ?? null) as State | null;
  return useMemo(() => ({ pathname, search, hash, state }), [pathname, search, hash, state]);
}

/** Route params by their names (`'listId'`) or as an object type (`{ listId: string }`). */
export type Params<Names extends string | Record<string, string | undefined> = string> = Readonly<
  [Names] extends [string] ? Partial<Record<Names, string>> : Partial<Names>
>;

/**
 * The `:name` parts of the path matched by the closest `Route` (`*` for a wildcard), typed by
 * their names (`useParams<'listId'>()`) or as an object (`useParams<{ listId: string }>()`).
 */
export function useParams<Names extends string | Record<string, string | undefined> = string>(): Params<Names> {
  const params: Readonly<Record<string, string | undefined>> = useBaseParams();
  return params as Params<Names>;
}

export type SearchParamsInit = string | URLSearchParams | Record<string, string | string[]> | [string, string][];

/** URLSearchParams from any of the shapes `setSearchParams` accepts (a record's arrays repeat the key). */
export function toSearchParams(init: SearchParamsInit): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init)) return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  }
  return params;
}

export type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions & { preventScrollReset?: boolean },
) => void;

/** The address for `pathname` with the query of `params` (no `?` when it is empty). */
export function withSearch(pathname: string, params: URLSearchParams) {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The query of the address as URLSearchParams, and a setter that changes only the query
 * (same path, hash dropped). The setter takes new params or a function of the current ones;
 * `{ replace: true }` leaves no history entry. The page keeps its scroll position.
 */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const [pathname, go] = useBaseLocation();
  const search = useRawSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      // The query of this moment, so that two calls in a row build on each other.
      const current = new URLSearchParams(typeof window === 'undefined' ? search : window.location.search);
      const params = toSearchParams(typeof next === 'function' ? next(current) : next);
      navigateWith(go, withSearch(pathname, params), options);
    },
    [go, pathname, search],
  );
  return [params, setParams];
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * An `<a>` that navigates inside the app (a modified or middle click opens a tab as usual).
 * A link to the address already shown replaces it, so Back does not land on the same page.
 */
export function Link({ to, replace, ...props }: LinkProps) {
  const [pathname] = useBaseLocation();
  const search = useRawSearch();
  const target = href(to, pathname);
  return <BaseLink href={target} replace={replace ?? target === `${pathname}${search}`} {...props} />;
}

/**
 * True when `to`'s path is the current path or, unless `end`, a path below it
 * (`/lists` is active on `/lists/abc/view`, never on `/listsx`). Case and a final slash do not count.
 */
export function isActivePath(pathname: string, to: string, end = false) {
  const target = new URL(to, 'http://x').pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const current = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  if (current === target) return true;
  return !end && (target === '/' ? false : current.startsWith(`${target}/`));
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on the exact path, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A Link that knows when it leads to the current page: `aria-current="page"` and its active class. */
export function NavLink({ to, end, className, ...props }: NavLinkProps) {
  const [pathname] = useBaseLocation();
  const isActive = isActivePath(pathname, href(to, pathname), end);
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}

/** Navigates as soon as it renders (a redirect). */
export function Navigate({ to, replace = false, state = null }: { to: To } & NavigateOptions) {
  const [pathname] = useBaseLocation();
  return <Redirect to={href(to, pathname)} replace={replace} state={state} />;
}

/**
 * The outlet context: what a frame (a layout around a `Switch` of pages) hands every page
 * below it. The signed-in frame provides it (app/layout/outlet-context.ts says what it holds).
 */
const OutletContext = createContext<unknown>(undefined);

export function OutletProvider({ context, children }: { context: unknown; children: ReactNode }) {
  return <OutletContext value={context}>{children}</OutletContext>;
}

export function useOutletContext<T>(): T {
  return useContext(OutletContext) as T;
}
