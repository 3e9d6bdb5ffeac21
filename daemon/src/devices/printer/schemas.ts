import { Type, type Static } from 'typebox';
import type { PrinterHealth, PrintRequest, ReceiptPrinted } from '@kiosk/shared-types';
import type { Assert, Same } from '../../route-schema.js';
import { deviceHealthFields } from '../device.js';

/**
 * The receipts the UI may ask for (POST /device/printer/receipt). A card is its brand and last
 * four digits; the route also refuses any text holding a card-number-like run of digits.
 */
const Text = (maxLength = 120) => Type.String({ maxLength });
const Money = Type.Number({ minimum: -1_000_000, maximum: 1_000_000 });

const Facility = Type.Object({ name: Text(), address: Text(200), phone: Text(40) }, { additionalProperties: false });

/**
 * A terminal payment's EMV fields. The masked number shows at most its last four digits; the AID
 * is the card application's hex identifier (5 to 16 bytes), which is not a card number.
 */
const TerminalPaymentSchema = Type.Object(
  {
    application_label: Text(40),
    aid: Type.String({ pattern: '^[0-9A-Fa-f]{10,32}$' }),
    masked_pan: Type.String({ maxLength: 30, pattern: '^[^0-9]*[0-9]{0,4}$' }),
    entry_mode: Type.Union([
      Type.Literal('chip'),
      Type.Literal('contactless'),
      Type.Literal('swipe'),
      Type.Literal('wallet'),
      Type.Literal('manual'),
    ]),
    auth_code: Text(12),
    terminal_id: Text(40),
    reference: Text(60),
  },
  { additionalProperties: false },
);

export const RentalReceiptSchema = Type.Object(
  {
    kind: Type.Literal('rental'),
    facility: Facility,
    unit: Text(40),
    move_in_date: Text(40),
    charges: Type.Array(Type.Object({ name: Text(), amount: Money }, { additionalProperties: false }), {
      maxItems: 40,
    }),
    total_paid: Money,
    card_brand: Text(30),
    card_last4: Type.String({ pattern: '^[0-9]{4}$' }),
    insurance: Text(),
    lock: Text(),
    autopay: Type.Boolean(),
    gatecode: Type.Optional(Text(40)),
    terminal: Type.Optional(TerminalPaymentSchema),
  },
  { additionalProperties: false },
);

export const ReservationReceiptSchema = Type.Object(
  {
    kind: Type.Literal('reservation'),
    facility: Facility,
    unit: Text(40),
    reservation_code: Text(40),
    move_in_date: Text(40),
  },
  { additionalProperties: false },
);

export const PaymentReceiptSchema = Type.Object(
  {
    kind: Type.Literal('payment'),
    facility: Facility,
    units: Type.Array(
      Type.Object(
        {
          unit: Text(40),
          period: Type.Integer({ minimum: 0, maximum: 120 }),
          amount: Money,
          outcome: Type.Array(Text(), { maxItems: 10 }),
          autopay: Type.Union([
            Type.Literal('enrolled'),
            Type.Literal('card-updated'),
            Type.Literal('cancelled'),
            Type.Literal('unchanged'),
          ]),
          access: Type.Optional(Text(240)),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20 },
    ),
    card_brand: Type.Optional(Text(30)),
    card_last4: Type.Optional(Type.String({ pattern: '^[0-9]{4}$' })),
    terminal: Type.Optional(TerminalPaymentSchema),
  },
  { additionalProperties: false },
);

export const MerchandiseReceiptSchema = Type.Object(
  {
    kind: Type.Literal('merchandise'),
    facility: Facility,
    sale_id: Text(40),
    lines: Type.Array(
      Type.Object(
        { name: Text(), quantity: Type.Integer({ minimum: 1, maximum: 999 }), total: Money },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 40 },
    ),
    subtotal: Money,
    tax: Money,
    total: Money,
    card_brand: Text(30),
    card_last4: Type.String({ pattern: '^[0-9]{4}$' }),
    terminal: Type.Optional(TerminalPaymentSchema),
  },
  { additionalProperties: false },
);

export const PrintRequestSchema = Type.Object(
  {
    language: Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' }),
    receipt: Type.Union([
      RentalReceiptSchema,
      ReservationReceiptSchema,
      PaymentReceiptSchema,
      MerchandiseReceiptSchema,
    ]),
  },
  { additionalProperties: false },
);
type _PrintRequestIsShared = Assert<Same<Static<typeof PrintRequestSchema>, PrintRequest>>;

const PrinterStateSchema = Type.Union([
  Type.Literal('ok'),
  Type.Literal('paper-low'),
  Type.Literal('paper-out'),
  Type.Literal('cover-open'),
  Type.Literal('offline'),
  Type.Literal('unreachable'),
  Type.Literal('unknown'),
]);

export const PrinterHealthSchema = Type.Object({
  ...deviceHealthFields,
  configured: Type.Boolean(),
  state: PrinterStateSchema,
  canPrint: Type.Boolean(),
});

type _HealthIsShared = Assert<Same<Static<typeof PrinterHealthSchema>, PrinterHealth>>;

export const PrintedSchema = Type.Object({ jobId: Type.String(), printed: Type.Literal(true) });
type _PrintedIsShared = Assert<Same<Static<typeof PrintedSchema>, ReceiptPrinted>>;

/** 13 to 19 digits, spaces or dashes allowed between: what a card number looks like on paper. */
const CARD_NUMBER_LIKE = /\d(?:[ -]?\d){12,18}/;

/**
 * A terminal payment's fields that are long runs of digits and not card numbers: the AID (its
 * schema allows only hex) and the acquirer's reference (a PSP reference is 16 digits).
 */
const NOT_CARD_NUMBERS: Record<string, readonly string[]> = { terminal: ['aid', 'reference'] };

/** Whether any text of the receipt looks like a full card number. */
export function holdsCardNumber(value: unknown, skip: readonly string[] = []): boolean {
  if (typeof value === 'string') return CARD_NUMBER_LIKE.test(value);
  if (Array.isArray(value)) return value.some((item) => holdsCardNumber(item));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(
      ([key, field]) => !skip.includes(key) && holdsCardNumber(field, NOT_CARD_NUMBERS[key] ?? []),
    );
  return false;
}
