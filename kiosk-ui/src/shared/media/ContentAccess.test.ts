import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_RETRY_AFTER_MS, ContentAccess } from './ContentAccess';

const PAGE = 'http://127.0.0.1:8080';
const player = { kind: 'page', url: 'https://www.youtube.com/embed/abc' } as const;

function setup(answers: boolean[]) {
  const probe = vi.fn(async () => answers.shift() ?? false);
  let origins: readonly string[] = [];
  const access = new ContentAccess(
    () => origins,
    probe,
    () => PAGE,
  );
  const setAllowedOrigins = (allowed: readonly string[]) => {
    origins = allowed;
  };
  return { access, probe, setAllowedOrigins };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ContentAccess', () => {
  it('never asks a host the configuration does not name: the placeholder at once', () => {
    const { access, probe } = setup([true]);
    access.check(player);
    expect(access.status(player)).toBe('unavailable');
    expect(access.status({ kind: 'image', url: 'https://elsewhere.example/a.png' })).toBe('unavailable');
    expect(probe).not.toHaveBeenCalled();
  });

  it("frames a configured host's page once it answers; pictures and video files load at once", async () => {
    const { access, probe, setAllowedOrigins } = setup([true]);
    setAllowedOrigins(['https://www.youtube.com']);
    expect(access.status({ kind: 'image', url: '/assets/a.svg' })).toBe('load');
    expect(access.status(player)).toBe('checking');
    access.check(player);
    access.check({ kind: 'page', url: 'https://www.youtube.com/embed/other' });
    await vi.runAllTimersAsync();
    expect(access.status(player)).toBe('load');
    expect(access.status({ kind: 'page', url: 'https://www.youtube.com/embed/other' })).toBe('load');
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('shows the placeholder when a configured host does not answer, and asks again later', async () => {
    const { access, probe, setAllowedOrigins } = setup([false, true]);
    setAllowedOrigins(['https://www.youtube.com']);
    access.check(player);
    await vi.runAllTimersAsync();
    expect(access.status(player)).toBe('unavailable');
    access.check(player);
    expect(probe).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(CONTENT_RETRY_AFTER_MS);
    access.check(player);
    await vi.runAllTimersAsync();
    expect(access.status(player)).toBe('load');
  });
});
