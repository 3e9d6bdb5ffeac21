import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../demo-facility.js';
import { useSandbox } from '../../test-helpers/sandbox-client.js';

const { get, post, control } = useSandbox();

const card = (number: string = TEST_CARDS.approveVisa) => ({
  card_name: 'Jane Doe',
  card_number: number,
  cc_exp_month: '12',
  cc_exp_year: '2030',
  cvv: '123',
});

const sale = (items: unknown, number?: string) => ({
  facility_id: 'demo',
  items: JSON.stringify(items),
  total_amount: '0',
  ...card(number),
});

describe('the supplies list', () => {
  it('lists every item sold at the kiosk, in the lock item shape with its tax rate, without the stock', async () => {
    const { result } = await get('facilities/demo/merchandise/');
    expect(result.map((item: { name: string }) => item.name)).toEqual([
      'Disc Lock (70 mm)',
      'Small Moving Box',
      'Medium Moving Box',
      'Large Moving Box',
      'Packing Tape',
      'Bubble Wrap (12 in x 30 ft)',
      'Mattress Bag',
    ]);
    expect(result[2]).toEqual({
      item_id: 'box-medium',
      name: 'Medium Moving Box',
      amount: 3.49,
      image_url: 'http://sandbox.test/assets/icons/medium-box.svg',
      tax_rate: 7.25,
    });
    expect(JSON.stringify(result)).not.toContain('stock');
  });
});

describe('a basket paid by card', () => {
  it('goes through with the approve card: each line, subtotal, tax and total, the last four only', async () => {
    const answer = await post(
      'process-merchandise-sales/',
      sale([
        { item_id: 'box-medium', quantity: 2 },
        { item_id: 'tape', quantity: 1 },
      ]),
    );
    expect(answer).toEqual({
      status: 'ok',
      result: {
        sale_id: 'MS-1001',
        items: [
          { item_id: 'box-medium', name: 'Medium Moving Box', quantity: 2, amount: 3.49, total: 6.98 },
          { item_id: 'tape', name: 'Packing Tape', quantity: 1, amount: 4.99, total: 4.99 },
        ],
        subtotal: 11.97,
        tax: 0.87,
        total: 12.84,
        card_last4: '1111',
      },
    });
    const recorded = JSON.stringify((await control('rentals')).merchandise_sales);
    expect(recorded).toContain('MS-1001');
    expect(recorded).toContain('4111********1111');
    expect(recorded).not.toContain(TEST_CARDS.approveVisa);
    expect(recorded).not.toContain('"cvv":"123"');
  });

  it("answers the card's refusal and records nothing", async () => {
    expect(
      await post('process-merchandise-sales/', sale([{ item_id: 'tape', quantity: 1 }], TEST_CARDS.decline)),
    ).toEqual({
      status: 'error',
      code: 'CardDeclined',
      message: 'Your card was declined.',
    });
    expect((await control('rentals')).merchandise_sales).toEqual([]);
  });

  it('refuses a basket with a sold-out item before charging, naming it, and sells the rest afterwards', async () => {
    const basket = [
      { item_id: 'box-small', quantity: 3 },
      { item_id: 'mattress-bag', quantity: 1 },
    ];
    expect(await post('process-merchandise-sales/', sale(basket))).toEqual({
      status: 'error',
      code: 'ItemSoldOut',
      message: 'Sorry! Mattress Bag is sold out.',
      errors: { sold_out: ['mattress-bag'] },
    });
    expect((await control('rentals')).merchandise_sales).toEqual([]);
    const rest = await post('process-merchandise-sales/', sale([{ item_id: 'box-small', quantity: 3 }]));
    expect(rest.result.total).toBe(8.01);
  });

  it('counts the stock down: more than the office has left is sold out', async () => {
    expect((await post('process-merchandise-sales/', sale([{ item_id: 'bubble-wrap', quantity: 20 }]))).status).toBe(
      'ok',
    );
    expect(await post('process-merchandise-sales/', sale([{ item_id: 'bubble-wrap', quantity: 6 }]))).toMatchObject({
      code: 'ItemSoldOut',
      errors: { sold_out: ['bubble-wrap'] },
    });
  });

  it('refuses an unknown item, a bad quantity or items that are not a list', async () => {
    for (const items of [
      [{ item_id: 'piano', quantity: 1 }],
      [{ item_id: 'tape', quantity: 0 }],
      [{ item_id: 'tape', quantity: 1.5 }],
      {},
    ]) {
      expect(await post('process-merchandise-sales/', sale(items))).toMatchObject({
        status: 'error',
        code: 'InvalidMerchandise',
      });
    }
  });
});
