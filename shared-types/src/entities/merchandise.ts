import type { LockItem } from './insurance.js';

/**
 * Merchandise sold at the kiosk (boxes, tape, locks, ...): GET merchandise/ without a space type
 * answers the facility's whole list in the rental spec's lock item shape (item_id, name, amount,
 * image_url). POST process-merchandise-sales/ records a sale paid by card (docs/api-paths.md).
 */
export interface MerchandiseItem extends LockItem {
  /** The sales tax on this item in percent (8.25 = 8.25 %), when the operator gives it. */
  tax_rate?: number;
}

/** One line of a sale as the kiosk sends it (`items`, a JSON string in the form). */
export interface MerchandiseSaleLine {
  item_id: string;
  quantity: number;
}

/** One line of a sale as the operator recorded it. */
export interface MerchandiseSoldLine extends MerchandiseSaleLine {
  name: string;
  /** Price of one item. */
  amount: number;
  /** amount × quantity. */
  total: number;
}

/** Result of POST process-merchandise-sales/ for a sale paid by card. */
export interface MerchandiseSaleResult {
  sale_id: string;
  items: MerchandiseSoldLine[];
  subtotal: number;
  tax: number;
  total: number;
  /** The card's last four digits, never more. */
  card_last4: string;
}

/** Error codes of POST process-merchandise-sales/ (besides the card's: CardDeclined, ...). */
export const MERCHANDISE_SALE_ERRORS = {
  /** `errors.sold_out` lists the item ids that are sold out; nothing was charged. */
  soldOut: 'ItemSoldOut',
  /** An item id the facility does not sell, or a quantity that is not a whole number from 1. */
  invalid: 'InvalidMerchandise',
} as const;
