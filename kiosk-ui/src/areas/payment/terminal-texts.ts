import type { TerminalStage } from '@kiosk/shared-types';
import type { TerminalStep } from './PaymentStore';

/** Each stage's words on screen (and so in speech: the panel's status region is read out). */
export const TERMINAL_STAGE_KEYS = {
  sending: 'payment.terminal.stage.sending',
  'present-card': 'payment.terminal.stage.present-card',
  reading: 'payment.terminal.stage.reading',
  'remove-card': 'payment.terminal.stage.remove-card',
  approved: 'payment.terminal.stage.approved',
  declined: 'payment.terminal.stage.declined',
  cancelled: 'payment.terminal.stage.cancelled',
  failed: 'payment.terminal.stage.failed',
} as const satisfies Record<TerminalStage, string>;

/**
 * What the panel says now: the stage's words, or why the daemon would not start the payment (busy:
 * try again in a moment; anything else: the Facility Manager). Nothing before the first answer.
 */
export function terminalMessageKey(step: TerminalStep, stage: TerminalStage | null, refusal: string | null) {
  if (step === 'refused')
    return refusal === 'busy' ? 'payment.terminal.refused.busy' : 'payment.terminal.refused.other';
  if (step === 'starting') return TERMINAL_STAGE_KEYS.sending;
  return stage ? TERMINAL_STAGE_KEYS[stage] : null;
}
