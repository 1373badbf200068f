import { type AnchorHTMLAttributes, createContext, type ReactNode, type Ref, useCallback, useContext, useMemo } from 'react';
import {
  Link as BaseLink,
  Redirect,
  useLocation as useBaseLocation,
  useParams as useBaseParams,
  useRouter,
} from 'wouter';
import { useHistoryState, useLocationProperty } from 'wouter/use-browser-location';

/**
 * The app's routing vocabulary, on top of wouter (a ~2.5 KB router). Pages and features import
 * from here only, never from wouter, so the names and call shapes stay those of the whole app:
 * `<Link to>`, `<NavLink>`, `<Navigate>`, `useNavigate()`, `useParams()`, `useSearchParams()`,
 * `useLocation()`, and the frame's outlet context. Routes themselves are declared in
 * app/router.tsx with wouter's `Switch` and `Route`.
 */

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Kept with the history entry; read back with `useLocation().state`. */
  state?: unknown;
}

type Go = (to: string, options?: NavigateOptions) => void;

/** `to` a path, or a number of steps through history (`-1` is the browser's Back). */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** Steps through history for a number, otherwise goes to the path with `go`. */
export function navigateWith(go: Go, to: string | number, options?: NavigateOptions) {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  go(to, { replace: options?.replace ?? false, state: options?.state ?? null });
}

/** Navigates from event handlers and effects; the function keeps its identity across renders. */
export function useNavigate(): NavigateFunction {
  const [, go] = useBaseLocation();
  return useCallback<NavigateFunction>((to, options) => navigateWith(go, to, options), [go]);
}

export interface Location {
  /** The path, without query or hash: `/home`. */
  pathname: string;
  /** The query with its `?` (`?tab=mine`), or an empty string. */
  search: string;
  /** The hash with its `#`, or an empty string. */
  hash: string;
  /** What the navigation that led here passed as `state`, or null. */
  state: unknown;
}

/** The query of the router's location, with its `?` (the browser gives one, a memory location none). */
function useRawSearch() {
  const router = useRouter();
  const search = router.searchHook(router);
  return search && search[0] !== '?' ? `?${search}` : search;
}

export function useLocation(): Location {
  const [pathname] = useBaseLocation();
  const search = useRawSearch();
  const state = useHistoryState();
  const hash = useLocationProperty(
    () => window.location.hash,
    () => '',
  );
  return useMemo(() => ({ pathname, search, hash, state }), [pathname, search, hash, state]);
}

/** The `:name` parts of the path matched by the closest `Route`. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useBaseParams();
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
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/** An `<a>` that navigates inside the app (a modified or middle click opens a tab as usual). */
export function Link({ to, ...props }: LinkProps) {
  return <BaseLink href={to} {...props} />;
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
  const isActive = isActivePath(pathname, to, end);
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
export function Navigate({ to, replace = false, state = null }: { to: string } & NavigateOptions) {
  return <Redirect to={to} replace={replace} state={state} />;
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
