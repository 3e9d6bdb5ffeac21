import type { MerchandiseItem } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import { basketLines, basketTotals, changedQuantity, saleForm, saleRefusal, soldOutIds } from './basket';

const box: MerchandiseItem = {
  item_id: 'box-medium',
  name: 'Medium Moving Box',
  amount: 3.49,
  image_url: '',
  tax_rate: 7.25,
};
const tape: MerchandiseItem = { item_id: 'tape', name: 'Packing Tape', amount: 4.99, image_url: '', tax_rate: 7.25 };
const untaxed: MerchandiseItem = { item_id: 'lock', name: 'Lock', amount: 19.99, image_url: '' };
const card = {
  card_name: ' Jane Doe ',
  card_number: '4111 1111 1111 1111',
  cc_exp_month: 12,
  cc_exp_year: 2030,
  cvv: '123',
};

describe('the basket', () => {
  it('lists the items with a quantity, in the list order, each with its line total', () => {
    const lines = basketLines(
      [box, tape, untaxed],
      new Map([
        ['tape', 1],
        ['box-medium', 2],
      ]),
    );
    expect(lines.map((line) => [line.item.item_id, line.quantity, line.total])).toEqual([
      ['box-medium', 2, 6.98],
      ['tape', 1, 4.99],
    ]);
  });

  it("adds the operator's tax, rounded once to the cent, and counts the items", () => {
    expect(
      basketTotals(
        basketLines(
          [box, tape],
          new Map([
            ['box-medium', 2],
            ['tape', 1],
          ]),
        ),
      ),
    ).toEqual({
      subtotal: 11.97,
      tax: 0.87,
      total: 12.84,
      taxed: true,
      count: 3,
    });
  });

  it('shows no tax when no item carries a rate', () => {
    expect(basketTotals(basketLines([untaxed], new Map([['lock', 3]])))).toEqual({
      subtotal: 59.97,
      tax: 0,
      total: 59.97,
      taxed: false,
      count: 3,
    });
  });

  it('keeps a quantity between 0 and 99', () => {
    expect(changedQuantity(0, -1)).toBe(0);
    expect(changedQuantity(0, 1)).toBe(1);
    expect(changedQuantity(99, 1)).toBe(99);
  });
});

describe('the sale call', () => {
  it('sends the facility, the items as {item_id, quantity}, the total and the card as Pay My Bill does', () => {
    const lines = basketLines(
      [box, tape],
      new Map([
        ['box-medium', 2],
        ['tape', 1],
      ]),
    );
    expect(saleForm({ facilityId: 'demo', tenantId: null, lines, card })).toEqual({
      facility_id: 'demo',
      items: [
        { item_id: 'box-medium', quantity: 2 },
        { item_id: 'tape', quantity: 1 },
      ],
      total_amount: '12.84',
      card_name: 'Jane Doe',
      card_number: '4111111111111111',
      cc_exp_month: 12,
      cc_exp_year: 2030,
      cvv: '123',
    });
  });

  it('names the logged-in tenant when there is one', () => {
    const lines = basketLines([tape], new Map([['tape', 1]]));
    expect(saleForm({ facilityId: 'demo', tenantId: 't-5001', lines, card })).toMatchObject({ tenant_id: 't-5001' });
  });

  it('words each refusal, and reads the sold-out items the basket holds', () => {
    expect(
      ['CardDeclined', 'CardDeclinedNSF', 'CardInvalid', 'ItemSoldOut', 'Boom', undefined].map(saleRefusal),
    ).toEqual(['declined', 'insufficient_funds', 'invalid_card', 'sold_out', 'failed', 'failed']);
    const basket = new Map([
      ['tape', 1],
      ['mattress-bag', 1],
    ]);
    expect(soldOutIds({ sold_out: ['mattress-bag', 'piano', 3] }, basket)).toEqual(['mattress-bag']);
    expect(soldOutIds(undefined, basket)).toEqual([]);
  });
});
