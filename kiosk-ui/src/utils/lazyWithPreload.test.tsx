import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazyWithPreload';

afterEach(cleanup);

function Hello() {
  return <p>Hello</p>;
}

describe('lazyWithPreload', () => {
  it('renders a preloaded component on its first render, without showing the fallback', async () => {
    const { load, Component } = lazyWithPreload(() => Promise.resolve({ default: Hello }));
    await load();
    act(() => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <Component />
        </Suspense>,
      );
    });
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('downloads the chunk once however often it is preloaded or rendered', async () => {
    const factory = vi.fn(() => Promise.resolve({ default: Hello }));
    const { load, Component } = lazyWithPreload(factory);
    void load();
    void load();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component />
      </Suspense>,
    );
    expect(await screen.findByText('Hello')).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after a failed preload', async () => {
    const factory = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Hello });
    const { load } = lazyWithPreload(factory);
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toEqual({ default: Hello });
    expect(factory).toHaveBeenCalledTimes(2);
  });
});
