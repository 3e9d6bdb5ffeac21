import type { DecryptedCardSwipe, DeviceStatus, ServerEvent, SwipeErrorReason } from '@kiosk/shared-types';

/**
 * The card reader as a pure state machine: reader health plus at most one swipe at a time.
 * The plugin feeds it what happened (health checks, device answers, decrypt results, cancel) and
 * broadcasts the events it returns. Inputs naming a swipe that is no longer current (a device that
 * answers after a cancel or after we gave up on it) are ignored, so a late answer never reaches the UI.
 */

export type SwipePhase =
  { phase: 'idle' } | { phase: 'waiting-for-card'; swipeId: string } | { phase: 'decrypting'; swipeId: string };

export interface ReaderState {
  status: DeviceStatus;
  swipe: SwipePhase;
}

/** A swipe's end, as counted in kiosk_card_swipes_total{outcome}. */
export type SwipeOutcome = 'read' | SwipeErrorReason;

export type ReaderInput =
  | { type: 'health-checked'; ok: boolean; message?: string }
  | { type: 'swipe-requested'; swipeId: string; waitSeconds: number }
  /** The device answered with encrypted card data; decryption comes next. */
  | { type: 'card-read'; swipeId: string }
  | {
      type: 'swipe-failed';
      swipeId: string;
      reason: 'reader-down' | 'reader-timeout' | 'reader-garbage' | 'decrypt-failed';
      message?: string;
    }
  | { type: 'card-decrypted'; swipeId: string; card: DecryptedCardSwipe }
  | { type: 'cancel-requested' };

export interface Transition {
  state: ReaderState;
  /** Events to push to the UI, in order. */
  events: ServerEvent[];
  /** False when the input was refused (busy) or ignored (stale swipe, nothing to cancel). */
  accepted: boolean;
  /** Set when a swipe ended with this input. */
  outcome?: SwipeOutcome;
  /** True when the in-flight device request must be aborted. */
  abortDevice?: boolean;
}

export const SWIPE_MESSAGES: Record<SwipeErrorReason, string> = {
  'reader-down': 'The card reader is not available. Please enter your card manually.',
  'reader-timeout': 'No card was read in time. Please swipe again or enter your card manually.',
  'reader-garbage': 'The card could not be read. Please swipe again or enter your card manually.',
  'decrypt-failed': 'The card could not be read. Please swipe again or enter your card manually.',
  cancelled: 'The card swipe was cancelled.',
  busy: 'A card swipe is already in progress.',
};

export const initialReaderState: ReaderState = { status: 'unknown', swipe: { phase: 'idle' } };

function withStatus(
  state: ReaderState,
  status: DeviceStatus,
  message?: string,
): { state: ReaderState; events: ServerEvent[] } {
  if (state.status === status) return { state, events: [] };
  const event: ServerEvent =
    message === undefined ? { type: 'reader-status', status } : { type: 'reader-status', status, message };
  return { state: { ...state, status }, events: [event] };
}

function currentSwipeId(state: ReaderState): string | undefined {
  return state.swipe.phase === 'idle' ? undefined : state.swipe.swipeId;
}

function ignored(state: ReaderState): Transition {
  return { state, events: [], accepted: false };
}

export function transition(state: ReaderState, input: ReaderInput): Transition {
  switch (input.type) {
    case 'health-checked': {
      const next = withStatus(state, input.ok ? 'ok' : 'down', input.message);
      return { ...next, accepted: true };
    }
    case 'swipe-requested': {
      if (state.swipe.phase !== 'idle') return ignored(state);
      return {
        state: { ...state, swipe: { phase: 'waiting-for-card', swipeId: input.swipeId } },
        events: [{ type: 'swipe-started', swipeId: input.swipeId, waitSeconds: input.waitSeconds }],
        accepted: true,
      };
    }
    case 'card-read': {
      if (state.swipe.phase !== 'waiting-for-card' || state.swipe.swipeId !== input.swipeId) return ignored(state);
      // An answer with card data proves the reader works.
      const next = withStatus(state, 'ok');
      return {
        state: { ...next.state, swipe: { phase: 'decrypting', swipeId: input.swipeId } },
        events: next.events,
        accepted: true,
      };
    }
    case 'swipe-failed': {
      if (currentSwipeId(state) !== input.swipeId) return ignored(state);
      const next = input.reason === 'reader-down' ? withStatus(state, 'down', input.message) : { state, events: [] };
      return {
        state: { ...next.state, swipe: { phase: 'idle' } },
        events: [
          ...next.events,
          { type: 'swipe-error', swipeId: input.swipeId, reason: input.reason, message: SWIPE_MESSAGES[input.reason] },
        ],
        accepted: true,
        outcome: input.reason,
      };
    }
    case 'card-decrypted': {
      if (state.swipe.phase !== 'decrypting' || state.swipe.swipeId !== input.swipeId) return ignored(state);
      return {
        state: { ...state, swipe: { phase: 'idle' } },
        events: [{ type: 'swipe-result', swipeId: input.swipeId, card: input.card }],
        accepted: true,
        outcome: 'read',
      };
    }
    case 'cancel-requested': {
      const swipeId = currentSwipeId(state);
      if (swipeId === undefined) return ignored(state);
      return {
        state: { ...state, swipe: { phase: 'idle' } },
        events: [{ type: 'swipe-error', swipeId, reason: 'cancelled', message: SWIPE_MESSAGES.cancelled }],
        accepted: true,
        outcome: 'cancelled',
        abortDevice: state.swipe.phase === 'waiting-for-card',
      };
    }
  }
}
