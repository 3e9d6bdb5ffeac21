/**
 * Something the kiosk fetches once and then shows: not asked for yet, on its way, here, or failed
 * (the screen then offers a retry). One shape, so every screen tells the four apart the same way.
 */
export type Loadable<T> =
  | { readonly state: 'idle' }
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly value: T }
  | { readonly state: 'failed' };

export type LoadState = Loadable<unknown>['state'];

export const IDLE = { state: 'idle' } as const;
export const LOADING = { state: 'loading' } as const;
export const FAILED = { state: 'failed' } as const;

export function ready<T>(value: T): Loadable<T> {
  return { state: 'ready', value };
}

/** The loaded value, or `fallback` while it is not here. */
export function valueOr<T, F = T>(loadable: Loadable<T>, fallback: F): T | F {
  return loadable.state === 'ready' ? loadable.value : fallback;
}
