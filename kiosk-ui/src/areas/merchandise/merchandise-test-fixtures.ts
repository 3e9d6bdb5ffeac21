import type { MerchandiseItem } from '@kiosk/shared-types';

/** The facility's supplies as the operator lists them, for Boxes & Supplies' tests. */
export const SUPPLIES: MerchandiseItem[] = [
  { item_id: 'box-medium', name: 'Medium Moving Box', amount: 3.49, image_url: '', tax_rate: 7.25 },
  { item_id: 'tape', name: 'Packing Tape', amount: 4.99, image_url: '', tax_rate: 7.25 },
  { item_id: 'mattress-bag', name: 'Mattress Bag', amount: 7.99, image_url: '', tax_rate: 7.25 },
];

/** The operator's answer to a sale of two boxes and a tape; `cardLast4` is '' for a terminal payment. */
export function saleOfTwoBoxesAndTape(cardLast4: string) {
  return {
    sale_id: 'MS-1001',
    items: [
      { item_id: 'box-medium', name: 'Medium Moving Box', quantity: 2, amount: 3.49, total: 6.98 },
      { item_id: 'tape', name: 'Packing Tape', quantity: 1, amount: 4.99, total: 4.99 },
    ],
    subtotal: 11.97,
    tax: 0.87,
    total: 12.84,
    card_last4: cardLast4,
  };
}
