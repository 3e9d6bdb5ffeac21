import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// React.lazy's own LazyExoticComponent<T extends ComponentType<any>> needs the same constraint.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface PreloadableComponent<T extends ComponentType<any>> {
  /** Starts downloading the chunk (once); later calls return the same promise. */
  load: () => Promise<{ default: T }>;
  Component: LazyExoticComponent<T> | T;
}

/** A component that is already in the bundle, where a preloadable one is expected: it never suspends. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as PreloadableComponent's constraint
export function alreadyLoaded<T extends ComponentType<any>>(Component: T): PreloadableComponent<T> {
  const module = Promise.resolve({ default: Component });
  return { load: () => module, Component };
}

/**
 * React.lazy that can be fetched ahead of its first render. Once the chunk has arrived, the lazy
 * component's factory hands React a thenable that resolves synchronously, so the first render does
 * not suspend at all: a suspended reveal is held back by React 19's 300 ms fallback throttle,
 * whatever the chunk's size, which is what made every first visit of a screen slow.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's constraint
export function lazyWithPreload<T extends ComponentType<any>>(
  factory: () => Promise<{ default: T }>,
): PreloadableComponent<T> {
  let loaded: { default: T } | undefined;
  let pending: Promise<{ default: T }> | undefined;
  const load = (): Promise<{ default: T }> => {
    pending ??= factory().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined; // a failed download (e.g. network blip) can be tried again
        throw error;
      },
    );
    return pending;
  };
  const Component = lazy(() => {
    if (loaded) {
      const module = loaded;
      // React's lazy only calls then(); resolving inside it marks the component ready at once.
      return { then: (resolve: (value: { default: T }) => void) => resolve(module) } as Promise<{ default: T }>;
    }
    return load();
  });
  return { load, Component };
}

/**
 * Runs `task` when the browser is idle after the first paint (or after `fallbackMs` where
 * requestIdleCallback is missing), so background fetches never compete with the first screen.
 */
export function whenIdle(task: () => void, fallbackMs = 200): void {
  if (typeof window === 'undefined') return;
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
  else window.setTimeout(task, fallbackMs);
}

/**
 * Loads the chunks one after another, each in its own idle period, so that evaluating dozens of
 * modules never turns into one long task a visitor's tap would wait behind. Failures are ignored:
 * the screen tries again when it is opened.
 */
export async function preloadInTurn(loads: Iterable<() => Promise<unknown>>): Promise<void> {
  for (const load of loads) {
    await new Promise<void>((resolve) => whenIdle(resolve));
    await load().catch(() => undefined);
  }
}
