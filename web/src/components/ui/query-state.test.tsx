import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { NextPageError } from './next-page-error';
import { QueryError, type QueryErrorProps } from './query-error';
import { type QueryErrorVariant, type QueryLike, QueryState } from './query-state';

const query = <T,>(over: Partial<QueryLike<T>>): QueryLike<T> => ({ data: undefined, error: null, isError: false, isFetching: false, refetch: vi.fn(), ...over });

/** The markup once everything has loaded (the failure views load on first need, as in the browser). */
async function draw<T>(q: QueryLike<T>, extra: { errorVariant?: QueryErrorVariant; empty?: ReactNode; isEmpty?: (d: T) => boolean } = {}) {
  const { prelude } = await prerender(
    <QueryState query={q} loading={<p>SKELETON</p>} errorTitle="The reviews did not load" {...extra}>
      {(data) => <p>DATA {JSON.stringify(data)}</p>}
    </QueryState>,
  );
  return (await new Response(prelude).text()).replace(/<!--.*?-->/g, '');
}

/** Walks what a component returns down to the first element whose props pass `match` (components are called). */
function find(node: ReactNode, match: (props: Record<string, unknown>) => boolean): ReactElement<Record<string, unknown>> | null {
  if (Array.isArray(node)) {
    for (const child of node) {
      const hit = find(child, match);
      if (hit) return hit;
    }
    return null;
  }
  if (!isValidElement<Record<string, unknown>>(node)) return null;
  if (match(node.props)) return node;
  if (typeof node.type === 'function') return find((node.type as (p: unknown) => ReactNode)(node.props), match);
  for (const key of ['children', 'action', 'icon']) {
    const hit = find(node.props[key] as ReactNode, match);
    if (hit) return hit;
  }
  return null;
}

describe('QueryState', () => {
  it('draws the skeleton while the first answer is on its way', async () => {
    const html = await draw(query({ isFetching: true }));
    expect(html).toBe('<p>SKELETON</p>');
  });

  it('draws the data once it is there, and keeps it when a later refetch fails', async () => {
    expect(await draw(query({ data: [1, 2] }))).toBe('<p>DATA [1,2]</p>');
    expect(await draw(query({ data: [1, 2], isError: true, error: new Error('offline') }))).toBe('<p>DATA [1,2]</p>');
  });

  it('draws the empty state for an empty array, or when isEmpty says so', async () => {
    expect(await draw(query({ data: [] }), { empty: <p>NOTHING</p> })).toBe('<p>NOTHING</p>');
    expect(await draw(query({ data: [] }))).toBe('<p>DATA []</p>');
    expect(await draw(query({ data: { pages: [] } }), { empty: <p>NOTHING</p>, isEmpty: (d) => d.pages.length === 0 })).toBe('<p>NOTHING</p>');
    expect(await draw(query({ data: { pages: [1] } }), { empty: <p>NOTHING</p>, isEmpty: (d) => d.pages.length === 0 })).toContain('DATA');
  });

  it.each(['page', 'box', 'inline', 'notice', 'line'] as const)('draws a failure as %s: the sentence, the message and Try again, as an alert', async (variant) => {
    const html = await draw(query({ isError: true, error: new Error('The server is busy.') }), { errorVariant: variant });
    expect(html).toContain('role="alert"');
    expect(html).toContain('The reviews did not load');
    expect(html).toContain('The server is busy.');
    expect(html).toContain('Try again');
    expect(html).not.toContain('SKELETON');
  });

  it.each(['page', 'box', 'inline', 'notice', 'line'] as const)('refetches when Try again is pressed (%s)', (variant) => {
    const refetch = vi.fn();
    const tree = QueryState({ query: query({ isError: true, error: new Error('x'), refetch }), loading: null, errorTitle: 'Failed', errorVariant: variant, children: () => null });
    // QueryState hands the failure to QueryError (loaded on first need); draw that with the props it was given.
    const failure = find(tree, (p) => typeof p.onRetry === 'function' && p.variant === variant);
    if (!failure) throw new Error('no failure view');
    const button = find(QueryError(failure.props as unknown as QueryErrorProps), (p) => p.children === 'Try again' && typeof p.onClick === 'function');
    if (!button) throw new Error('no Try again button');
    expect(refetch).not.toHaveBeenCalled();
    (button.props.onClick as () => void)();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows Try again as busy while the refetch runs', async () => {
    const html = await draw(query({ isError: true, error: new Error('x'), isFetching: true }), { errorVariant: 'box' });
    expect(html).toContain('aria-busy="true"');
  });

  it('draws the inline failure without the box frame', async () => {
    const failed = query({ isError: true, error: new Error('x') });
    expect(await draw(failed, { errorVariant: 'box' })).toContain('border-[var(--danger)]');
    const inline = await draw(failed, { errorVariant: 'inline' });
    expect(inline).toContain('Try again');
    expect(inline).not.toContain('border-[var(--danger)]');
  });
});

/** What NextPageError reads of an infinite query. */
const pages = (over: Partial<Parameters<typeof NextPageError>[0]['query']>) => ({ isFetchNextPageError: false, isFetchingNextPage: false, fetchNextPage: vi.fn(), ...over });

describe('NextPageError', () => {
  it('draws nothing while the next page has not failed', async () => {
    const { prelude } = await prerender(<NextPageError query={pages({})} title="More titles did not load" />);
    expect((await new Response(prelude).text()).replace(/<!--.*?-->/g, '')).toBe('');
  });

  it('says the next page failed, as an alert with Try again, and asks for that page again when pressed', async () => {
    const fetchNextPage = vi.fn();
    const q = pages({ isFetchNextPageError: true, fetchNextPage });
    const { prelude } = await prerender(<NextPageError query={q} title="More titles did not load" />);
    const html = await new Response(prelude).text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('More titles did not load.');
    expect(html).toContain('Try again');

    const failure = find(NextPageError({ query: q, title: 'More titles did not load' }), (p) => typeof p.onRetry === 'function');
    if (!failure) throw new Error('no failure view');
    const button = find(QueryError(failure.props as unknown as QueryErrorProps), (p) => p.children === 'Try again' && typeof p.onClick === 'function');
    if (!button) throw new Error('no Try again button');
    (button.props.onClick as () => void)();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
