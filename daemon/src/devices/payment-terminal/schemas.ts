import { Type, type Static } from 'typebox';
import type { PaymentMethods, TerminalPaymentStart, TerminalPaymentState, TerminalReceipt } from '@kiosk/shared-types';
import type { Assert, Same } from '../../route-schema.js';
import { deviceHealthFields } from '../device.js';
import { SIMULATED_ENTRY_MODES, TERMINAL_OUTCOMES } from './simulator.js';

/** The payment terminal's answers to the UI (shared-types payment-terminal.ts) and the demo button's body. */
export const PaymentMethodsSchema = Type.Object({
  terminal: Type.Boolean(),
  reader: Type.Boolean(),
  typed: Type.Boolean(),
  terminalAutopay: Type.Boolean(),
});
type _MethodsAreShared = Assert<Same<Static<typeof PaymentMethodsSchema>, PaymentMethods>>;

const Purpose = Type.Enum(['rental', 'bill', 'merchandise', 'autopay'], { type: 'string' });
/** The ids the visit knows tenants and units by (shared-types PATH_PARAMETER_SHAPES allow no more). */
const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export const TerminalPaymentStartSchema = Type.Object(
  {
    purpose: Purpose,
    // Up to $100,000.00: a kiosk takes nothing near it; a bigger figure is a mistake.
    amountCents: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
    tenant: Type.Optional(Id),
    spaceId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
type _StartIsShared = Assert<Same<Static<typeof TerminalPaymentStartSchema>, TerminalPaymentStart>>;

const Stage = Type.Enum(
  ['sending', 'present-card', 'reading', 'remove-card', 'approved', 'declined', 'cancelled', 'failed'],
  { type: 'string' },
);
const Problem = Type.Enum(
  [
    'offline',
    'no-answer',
    'card-removed',
    'bad-answer',
    'unknown-transaction',
    'certificate',
    'foreign-terminal',
    'not-recorded',
  ],
  { type: 'string' },
);
const EntryMode = Type.Enum(['chip', 'contactless', 'swipe', 'wallet', 'manual'], { type: 'string' });

export const TerminalReceiptSchema = Type.Object({
  applicationLabel: Type.String(),
  aid: Type.String(),
  maskedPan: Type.String(),
  brand: Type.String(),
  entryMode: EntryMode,
  authCode: Type.String(),
  terminalId: Type.String(),
  reference: Type.String(),
  transactionId: Type.String(),
  amountCents: Type.Integer(),
  currency: Type.String(),
  approvedAt: Type.String(),
});
type _ReceiptIsShared = Assert<Same<Static<typeof TerminalReceiptSchema>, TerminalReceipt>>;

export const TerminalPaymentStateSchema = Type.Object({
  transactionId: Type.String(),
  purpose: Purpose,
  amountCents: Type.Integer(),
  stage: Stage,
  receipt: Type.Optional(TerminalReceiptSchema),
  declineReason: Type.Optional(Type.String()),
  problem: Type.Optional(Problem),
  autopayEnrolled: Type.Optional(Type.Boolean()),
});
type _StateIsShared = Assert<Same<Static<typeof TerminalPaymentStateSchema>, TerminalPaymentState>>;

export const TransactionParams = Type.Object({ transactionId: Type.String({ pattern: '^[A-Za-z0-9]{1,40}$' }) });

export const TerminalCancelledSchema = Type.Object({ cancelled: Type.Boolean() });

export const PaymentTerminalHealthSchema = Type.Object({
  ...deviceHealthFields,
  make: Type.String(),
  model: Type.String(),
  serial: Type.String(),
  poiId: Type.String(),
  lastAnswerAt: Type.Union([Type.String(), Type.Null()]),
});

export const TerminalOutcomeSchema = Type.Enum(TERMINAL_OUTCOMES, { type: 'string' });

export const SimulateTerminalSchema = Type.Object(
  { outcome: TerminalOutcomeSchema, entryMode: Type.Optional(Type.Enum(SIMULATED_ENTRY_MODES, { type: 'string' })) },
  { additionalProperties: false },
);

export const TerminalSimulatorAvailableSchema = Type.Object({
  available: Type.Literal(true),
  outcomes: Type.Array(TerminalOutcomeSchema),
});
