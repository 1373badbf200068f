import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, onLive, signingOutWith, UnreadParser } from './live-events';

/** A stand-in for the browser's EventSource: the test opens, fails and fires events by hand. */
class FakeSource {
  static all: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  readonly handlers = new Map<string, () => void>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(name: string, fn: () => void) {
    this.handlers.set(name, fn);
  }
  close() {
    this.closed = true;
  }
}

/** A stand-in for the tab's document: whether it is shown, and its visibilitychange listeners. */
const page = {
  visibilityState: 'hidden' as 'hidden' | 'visible',
  listeners: new Set<() => void>(),
  addEventListener(_name: string, fn: () => void) {
    page.listeners.add(fn);
  },
  removeEventListener(_name: string, fn: () => void) {
    page.listeners.delete(fn);
  },
  show(state: 'hidden' | 'visible') {
    page.visibilityState = state;
    for (const fn of [...page.listeners]) fn();
  },
};

beforeEach(() => {
  FakeSource.all = [];
  page.visibilityState = 'hidden';
  page.listeners.clear();
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeSource);
  vi.stubGlobal('document', page);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connectLive', () => {
  it('opens one stream, tells listeners of its events and of each (re)connection', () => {
    const heard: string[] = [];
    const off = onLive(['notification', 'open'], () => heard.push('x'));
    const close = connectLive();
    expect(FakeSource.all.map((s) => s.url)).toEqual(['/api/events']);
    const source = FakeSource.all[0];
    source.onopen?.();
    source.handlers.get('notification')?.();
    source.handlers.get('message')?.();
    expect(heard).toHaveLength(2);
    off();
    source.handlers.get('notification')?.();
    expect(heard).toHaveLength(2);
    close();
    expect(source.closed).toBe(true);
  });

  it('reopens after a failure, waiting 1 s, then 2 s, then 4 s, and 1 s again once connected', () => {
    const close = connectLive();
    const fail = () => FakeSource.all.at(-1)?.onerror?.();
    fail();
    expect(FakeSource.all[0].closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.all).toHaveLength(2);
    fail();
    vi.advanceTimersByTime(1999);
    expect(FakeSource.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSource.all).toHaveLength(3);
    fail();
    vi.advanceTimersByTime(4000);
    expect(FakeSource.all).toHaveLength(4);
    FakeSource.all[3].onopen?.();
    fail();
    vi.advanceTimersByTime(1000);
    expect(FakeSource.all).toHaveLength(5);
    close();
    fail();
    vi.advanceTimersByTime(60_000);
    expect(FakeSource.all).toHaveLength(5);
  });

  it('stops a pending reopening when closed', () => {
    const close = connectLive();
    FakeSource.all[0].onerror?.();
    close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSource.all).toHaveLength(1);
  });
});

describe('connectLive when evicted', () => {
  it('stays closed while the tab is hidden and reconnects once it is shown', () => {
    const close = connectLive();
    const first = FakeSource.all[0];
    first.handlers.get('evicted')?.();
    expect(first.closed).toBe(true);
    // The server ends the stream after the event: no reconnection follows.
    first.onerror?.();
    vi.advanceTimersByTime(60_000);
    expect(FakeSource.all).toHaveLength(1);
    page.show('hidden');
    expect(FakeSource.all).toHaveLength(1);
    page.show('visible');
    expect(FakeSource.all).toHaveLength(2);
    expect(page.listeners.size).toBe(0);
    // Shown again later: still one connection.
    page.show('visible');
    expect(FakeSource.all).toHaveLength(2);
    close();
    expect(FakeSource.all[1].closed).toBe(true);
  });

  it('does not reconnect when closed while waiting to be shown', () => {
    const close = connectLive();
    FakeSource.all[0].handlers.get('evicted')?.();
    close();
    page.show('visible');
    expect(FakeSource.all).toHaveLength(1);
  });
});

describe('signingOutWith', () => {
  it("keeps the stream's signed-out from this tab while it signs out, and tells it again if that failed", async () => {
    const heard: string[] = [];
    const off = onLive(['signed-out', 'notification'], () => heard.push('x'));
    const close = connectLive();
    const source = FakeSource.all[0];
    await expect(signingOutWith(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    source.handlers.get('signed-out')?.();
    expect(heard).toHaveLength(1);
    await signingOutWith(async () => {
      source.handlers.get('signed-out')?.();
      source.handlers.get('notification')?.();
    });
    expect(heard).toHaveLength(2);
    off();
    close();
  });

  it("keeps the stream's account-closed from this tab while it closes the account, so the tab loads one page", async () => {
    const heard: string[] = [];
    const off = onLive(['account-closed'], () => heard.push('closed'));
    const close = connectLive();
    const source = FakeSource.all.at(-1) as FakeSource;
    await expect(signingOutWith(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    source.handlers.get('account-closed')?.();
    expect(heard).toEqual(['closed']);
    await signingOutWith(async () => source.handlers.get('account-closed')?.());
    source.handlers.get('account-closed')?.();
    expect(heard).toEqual(['closed']);
    off();
    close();
  });
});

describe('UnreadParser', () => {
  it('accepts a numeric unreadCount only', () => {
    expect(UnreadParser.safeParse({ unreadCount: 3, results: [] })).toEqual({ success: true, data: { unreadCount: 3 } });
    expect(UnreadParser.safeParse({ unreadCount: '3' }).success).toBe(false);
    expect(UnreadParser.safeParse(null).success).toBe(false);
  });
});
