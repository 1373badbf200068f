import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, onLive, UnreadParser } from './live-events';

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

beforeEach(() => {
  FakeSource.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeSource);
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

describe('UnreadParser', () => {
  it('accepts a numeric unreadCount only', () => {
    expect(UnreadParser.safeParse({ unreadCount: 3, results: [] })).toEqual({ success: true, data: { unreadCount: 3 } });
    expect(UnreadParser.safeParse({ unreadCount: '3' }).success).toBe(false);
    expect(UnreadParser.safeParse(null).success).toBe(false);
  });
});
