/**
 * Why a load failed, where the screen says which: the operator answered with an error
 * ('refused'), or gave no answer at all ('unreachable', the screen offers to try again).
 */
export type LoadFailure = 'refused' | 'unreachable';

/**
 * Something the kiosk fetches once and then shows: not asked for yet, on its way, here, or failed
 * (the screen then offers a retry). One shape, so every screen tells the four apart the same way;
 * "nothing to show" (no units, no rental) is a ready value that is empty, not a fifth state.
 */
export type Loadable<T> =
  | { readonly state: 'idle' }
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly value: T }
  | { readonly state: 'failed'; readonly reason?: LoadFailure };

export type LoadState = Loadable<unknown>['state'];

export const IDLE = { state: 'idle' } as const;
export const LOADING = { state: 'loading' } as const;
export const FAILED = { state: 'failed' } as const;

export const UNREACHABLE = { state: 'failed', reason: 'unreachable' } as const;
export const REFUSED = { state: 'failed', reason: 'refused' } as const;

/** Not here yet: not asked for, or on its way (the screen shows its spinner). */
export function isPending(loadable: Loadable<unknown>): boolean {
  return loadable.state === 'idle' || loadable.state === 'loading';
}

export function ready<T>(value: T): Loadable<T> {
  return { state: 'ready', value };
}

/** The loaded value, or `fallback` while it is not here. */
export function valueOr<T, F = T>(loadable: Loadable<T>, fallback: F): T | F {
  return loadable.state === 'ready' ? loadable.value : fallback;
}
