import { MERCHANDISE_SALE_ERRORS, type MerchandiseItem, type MerchandiseSaleLine } from '@kiosk/shared-types';
import type { FieldValue } from '../../api/encode';
import type { PayCard } from '../payment/CardStep';
import { toTotalAmount } from '../../utils/money';

/**
 * The supplies basket as plain functions (docs/merchandise.md): what is in it, what it costs with
 * the operator's tax, what the sale call sends and which message an answer shows. MerchandiseStore
 * holds the quantities; the screen only shows these.
 */

/** The most of one item a basket takes (the sale call refuses more). */
export const MAX_QUANTITY = 99;

/** Item id -> quantity, only items with at least one. */
export type Quantities = ReadonlyMap<string, number>;

export interface BasketLine {
  item: MerchandiseItem;
  quantity: number;
  /** amount × quantity. */
  total: number;
}

export interface BasketTotals {
  subtotal: number;
  /** Sales tax the operator's rates give; 0 when no item carries a rate. */
  tax: number;
  total: number;
  /** Some item in the basket carries a tax rate: the tax line shows. */
  taxed: boolean;
  /** How many items in all. */
  count: number;
}

const cents = (dollars: number): number => Math.round(dollars * 100);

/** The basket's lines in the list's order. */
export function basketLines(items: readonly MerchandiseItem[], quantities: Quantities): BasketLine[] {
  return items
    .filter((item) => (quantities.get(item.item_id) ?? 0) > 0)
    .map((item) => {
      const quantity = quantities.get(item.item_id) ?? 0;
      return { item, quantity, total: (cents(item.amount) * quantity) / 100 };
    });
}

/** Subtotal, tax (summed over the lines, rounded once to the cent) and total. */
export function basketTotals(lines: readonly BasketLine[]): BasketTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + cents(line.total), 0);
  const taxCents = Math.round(
    lines.reduce((sum, line) => sum + (cents(line.item.amount) * line.quantity * (line.item.tax_rate ?? 0)) / 100, 0),
  );
  return {
    subtotal: subtotalCents / 100,
    tax: taxCents / 100,
    total: (subtotalCents + taxCents) / 100,
    taxed: lines.some((line) => (line.item.tax_rate ?? 0) > 0),
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** One more or one fewer, kept between 0 and MAX_QUANTITY. */
export function changedQuantity(current: number, step: 1 | -1): number {
  return Math.min(MAX_QUANTITY, Math.max(0, current + step));
}

/**
 * The POST process-merchandise-sales/ form (docs/api-paths.md "Merchandise"): with the card typed or
 * swiped, or, paid on the terminal, with its transaction id and no card field at all.
 */
export function saleForm(input: {
  facilityId: string;
  tenantId: string | null;
  lines: readonly BasketLine[];
  card: PayCard | { terminalTransactionId: string };
}): Record<string, FieldValue> {
  const { lines, card } = input;
  const items: MerchandiseSaleLine[] = lines.map((line) => ({ item_id: line.item.item_id, quantity: line.quantity }));
  return {
    facility_id: input.facilityId,
    ...(input.tenantId ? { tenant_id: input.tenantId } : {}),
    items,
    total_amount: toTotalAmount(basketTotals(lines).total),
    ...('terminalTransactionId' in card
      ? { terminal_transaction_id: card.terminalTransactionId }
      : {
          card_name: card.card_name.trim(),
          card_number: card.card_number.replace(/\D/g, ''),
          cc_exp_month: card.cc_exp_month,
          cc_exp_year: card.cc_exp_year,
          cvv: card.cvv,
        }),
  };
}

/** The basket's total in cents, as the terminal charges it (the sale's total_amount, to the cent). */
export function basketCents(lines: readonly BasketLine[]): number {
  return Math.round(Number(toTotalAmount(basketTotals(lines).total)) * 100);
}

/** Why a sale did not go through, as the screen words it. */
export type SaleRefusal =
  | 'declined'
  | 'insufficient_funds'
  | 'invalid_card'
  | 'sold_out'
  | 'failed'
  | 'no_answer'
  /** Paid on the terminal, but the operator refused the sale: the manager settles it, nothing is paid again. */
  | 'charged';

/** The operator's error code as a refusal the catalogue words in the visitor's language. */
export function saleRefusal(code: string | undefined): SaleRefusal {
  switch (code) {
    case 'CardDeclined':
      return 'declined';
    case 'CardDeclinedNSF':
      return 'insufficient_funds';
    case 'CardInvalid':
      return 'invalid_card';
    case MERCHANDISE_SALE_ERRORS.soldOut:
      return 'sold_out';
    default:
      return 'failed';
  }
}

/** The item ids an ItemSoldOut answer names (errors.sold_out), only those the basket has. */
export function soldOutIds(errors: unknown, quantities: Quantities): string[] {
  const listed = (errors as { sold_out?: unknown } | undefined)?.sold_out;
  if (!Array.isArray(listed)) return [];
  return listed.filter((id): id is string => typeof id === 'string' && quantities.has(id));
}
