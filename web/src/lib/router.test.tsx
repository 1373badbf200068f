import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  BrowserRouter,
  href,
  isActivePath,
  Link,
  type NavigateFunction,
  NavLink,
  navigateWith,
  type SetSearchParams,
  toSearchParams,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './router';

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Renders `children` once at `path`; navigation goes to a memory location that records it.
 * (The location hook reads `path` directly: memoryLocation's own hook cannot render on a server.)
 */
function at(path: string, children: ReactNode) {
  const memory = memoryLocation({ path, record: true });
  const [pathname, search = ''] = path.split('?');
  const hook = () => [pathname, memory.navigate] as [string, typeof memory.navigate];
  const html = renderToString(
    <Router hook={hook} searchHook={() => search}>
      {children}
    </Router>,
  );
  return { memory, html };
}

describe('navigation', () => {
  it('goes back through the browser history for -1, and forward for 1', () => {
    const go = vi.fn();
    vi.stubGlobal('window', { history: { go } });
    const push = vi.fn();
    navigateWith(push, -1);
    navigateWith(push, 1);
    expect(go.mock.calls).toEqual([[-1], [1]]);
    expect(push).not.toHaveBeenCalled();
  });

  it('takes a place as a string or as its parts, the current path when the parts have none', () => {
    let navigate: NavigateFunction = () => {};
    function Probe() {
      navigate = useNavigate();
      return null;
    }
    const { memory } = at('/community/c1', <Probe />);
    navigate({ pathname: '/search', search: 'q=heat' });
    navigate({ search: '?tab=posts', hash: 'top' });
    expect(memory.history).toEqual(['/community/c1', '/search?q=heat', '/community/c1?tab=posts#top']);
    expect(href('/lists?tab=mine')).toBe('/lists?tab=mine');
  });

  it('adds a history entry by default, replaces it on request, and carries the state', () => {
    let navigate: NavigateFunction = () => {};
    function Probe() {
      navigate = useNavigate();
      return null;
    }
    const { memory } = at('/login', <Probe />);
    navigate('/home');
    navigate('/lists', { state: { from: '/home' } });
    expect(memory.history).toEqual(['/login', '/home', '/lists']);
    expect(memory.state).toEqual({ from: '/home' });
    navigate('/community', { replace: true });
    expect(memory.history).toEqual(['/login', '/home', '/community']);
  });
});

describe('useLocation', () => {
  it('gives the path, the query with its question mark, and no state when none was passed', () => {
    let location: ReturnType<typeof useLocation> | undefined;
    function Probe() {
      location = useLocation();
      return null;
    }
    at('/community?tab=mine', <Probe />);
    expect(location).toEqual({ pathname: '/community', search: '?tab=mine', hash: '', state: null });
    at('/home', <Probe />);
    expect(location?.search).toBe('');
  });
});

describe('BrowserRouter', () => {
  it('gives the routes and hooks the browser address and the state of its history entry', () => {
    vi.stubGlobal('window', {
      location: { pathname: '/lists/l1/view', search: '?from=home', hash: '#notes' },
      history: { state: { from: '/home' } },
    });
    function Probe() {
      return <>{JSON.stringify({ ...useLocation(), params: useParams() })}</>;
    }
    const html = renderToString(
      <BrowserRouter>
        <Switch>
          <Route path="/lists/:listId/view" component={Probe} />
        </Switch>
      </BrowserRouter>,
    );
    expect(JSON.parse(html.replaceAll('&quot;', '"'))).toEqual({
      pathname: '/lists/l1/view',
      search: '?from=home',
      hash: '#notes',
      state: { from: '/home' },
      params: { 0: 'l1', listId: 'l1' },
    });
  });
});

describe('useSearchParams', () => {
  let params: URLSearchParams = new URLSearchParams();
  let setParams: SetSearchParams = () => {};
  function Probe() {
    [params, setParams] = useSearchParams();
    return null;
  }

  it('reads the query, encoded values included', () => {
    at('/search?q=100%25%20pure&type=movie', <Probe />);
    expect(params.get('q')).toBe('100% pure');
    expect(params.get('type')).toBe('movie');
  });

  it('changes only the query of the current path, from a record or from the current params', () => {
    const { memory } = at('/directory/movies?filter=popular&page=2', <Probe />);
    setParams({ filter: 'top-rated' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
    expect(memory.history).toEqual(['/directory/movies?filter=popular&page=2', '/directory/movies?filter=popular']);
    setParams({});
    expect(memory.history?.at(-1)).toBe('/directory/movies');
  });

  it('accepts every shape of new params', () => {
    expect(toSearchParams({ genre: ['drama', 'crime'], sort: 'new' }).toString()).toBe('genre=drama&genre=crime&sort=new');
    expect(toSearchParams('?a=1&b=2').get('b')).toBe('2');
    expect(toSearchParams([['a', 'x y']]).toString()).toBe('a=x+y');
    expect(toSearchParams(new URLSearchParams('tab=mine')).get('tab')).toBe('mine');
  });
});

describe('routes', () => {
  function Params() {
    return <>{JSON.stringify(useParams())}</>;
  }
  const routes = (
    <Switch>
      <Route path="/home" component={() => <>home</>} />
      <Route path="/community/:communityId/discussions/:discussionId" component={Params} />
      <Route path="/gems/*?" component={() => <>gems</>} />
      <Route component={() => <>not found</>} />
    </Switch>
  );

  it('match whatever the case and a final slash, and hand the named parts to useParams', () => {
    expect(at('/home', routes).html).toBe('home');
    expect(at('/Home/', routes).html).toBe('home');
    expect(at('/community/c1/discussions/d2', routes).html).toContain('&quot;communityId&quot;:&quot;c1&quot;,&quot;discussionId&quot;:&quot;d2&quot;');
  });

  it('let an optional wildcard match the bare path and anything below it, and fall back to the last route', () => {
    expect(at('/gems', routes).html).toBe('gems');
    expect(at('/gems/transactions', routes).html).toBe('gems');
    expect(at('/gemstones', routes).html).toBe('not found');
    expect(at('/home/extra', routes).html).toBe('not found');
  });
});

describe('links', () => {
  it('render a plain anchor, without the navigation options as attributes', () => {
    const { html } = at('/home', <Link to="/lists?tab=mine" replace state={{ a: 1 }} className="x">Lists</Link>);
    expect(html).toBe('<a href="/lists?tab=mine" class="x">Lists</a>');
  });

  it('mark the current page for NavLink, below it too unless end is set', () => {
    const nav = (path: string, end?: boolean) =>
      at(path, <NavLink to="/lists" end={end} className={({ isActive }) => (isActive ? 'on' : 'off')}>Lists</NavLink>).html;
    expect(nav('/lists')).toBe('<a aria-current="page" href="/lists" class="on">Lists</a>');
    expect(nav('/lists/abc/view')).toContain('class="on"');
    expect(nav('/lists/abc/view', true)).toBe('<a href="/lists" class="off">Lists</a>');
    expect(nav('/listsx')).toContain('class="off"');
  });

  it('compare paths only, ignoring the query, the case and a final slash', () => {
    expect(isActivePath('/directory/movies', '/directory/movies?filter=popular', true)).toBe(true);
    expect(isActivePath('/Directory/Movies/', '/directory/movies', true)).toBe(true);
    expect(isActivePath('/home', '/', false)).toBe(false);
    expect(isActivePath('/', '/', true)).toBe(true);
  });
});
