import { describe, expect, it, vi } from 'vitest';
import type { PayCardValues } from '../../forms/pay-card';
import { createTestRoot, wrapped, type FakeReply, type FakeRoutes } from '../../test/fakes';
import { saleOfTwoBoxesAndTape, SUPPLIES } from './merchandise-test-fixtures';

/** MerchandiseStore over a fake operator API: the supplies list and the sale call. */

const CARD = {
  card_name: 'Jane Doe',
  card_number: '4111 1111 1111 1111',
  cc_exp_month: '12',
  cc_exp_year: '2030',
  cvv: '123',
} as unknown as PayCardValues;

const SALE = saleOfTwoBoxesAndTape('1111');

const refused = (code: string, message: string, errors?: unknown): FakeReply => ({
  body: { application_data: { status: 'error', code, message, ...(errors ? { errors } : {}) } },
});

async function shop(sale: FakeReply | ((body: URLSearchParams) => FakeReply) = { body: wrapped(SALE) }) {
  const routes: FakeRoutes = {
    'GET /api/facilities/demo/merchandise/': { body: wrapped(SUPPLIES) },
    'POST /api/process-merchandise-sales/': (request) =>
      typeof sale === 'function' ? sale(new URLSearchParams(request.body)) : sale,
  };
  const { root, requests } = createTestRoot({ routes, url: '/demo' });
  const journeys = vi.spyOn(root.screenHealth, 'journey');
  const store = root.merchandise;
  await store.open();
  return { root, store, requests, journeys };
}

/** Two medium boxes and a tape, through the card form. */
async function buyBoxesAndTape(store: Awaited<ReturnType<typeof shop>>['store']) {
  store.add('box-medium');
  store.add('box-medium');
  store.add('tape');
  store.checkout();
  store.cardStep.enterCardManually();
  await store.submit(CARD);
}

describe('the supplies list and the basket', () => {
  it("lists the facility's supplies (no space type) and adds them up with the operator's tax", async () => {
    const { store, requests } = await shop();
    expect(requests[0]?.query.has('space_type_id')).toBe(false);
    expect(store.list.map((item) => item.name)).toEqual(['Medium Moving Box', 'Packing Tape', 'Mattress Bag']);
    store.add('box-medium');
    store.add('box-medium');
    store.add('tape');
    store.remove('mattress-bag');
    expect(store.lines.map((line) => [line.item.item_id, line.quantity])).toEqual([
      ['box-medium', 2],
      ['tape', 1],
    ]);
    expect(store.totals).toMatchObject({ subtotal: 11.97, tax: 0.87, total: 12.84, count: 3 });
    store.remove('tape');
    expect(store.quantity('tape')).toBe(0);
  });

  it('does not go to payment with an empty basket', async () => {
    const { store } = await shop();
    store.checkout();
    expect(store.stage).toBe('list');
  });
});

describe('paying', () => {
  it('sends the basket and the card, shows the sale, empties the basket and counts the journey', async () => {
    const { store, requests, journeys } = await shop();
    await buyBoxesAndTape(store);
    const sent = new URLSearchParams(requests.find((request) => request.method === 'POST')?.body);
    expect(JSON.parse(sent.get('items') ?? '')).toEqual([
      { item_id: 'box-medium', quantity: 2 },
      { item_id: 'tape', quantity: 1 },
    ]);
    expect(sent.get('facility_id')).toBe('demo');
    expect(sent.get('card_number')).toBe('4111111111111111');
    expect(sent.get('total_amount')).toBe('12.84');
    // A card payment: made by the page while the visitor waits, never handed to the outbox.
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/api/process-merchandise-sales/',
    ]);
    expect(store.stage).toBe('result');
    expect(store.sale?.sale_id).toBe('MS-1001');
    expect(store.totals.count).toBe(0);
    expect(store.receipt).toEqual({
      kind: 'merchandise',
      sale_id: 'MS-1001',
      lines: [
        { name: 'Medium Moving Box', quantity: 2, total: 6.98 },
        { name: 'Packing Tape', quantity: 1, total: 4.99 },
      ],
      subtotal: 11.97,
      tax: 0.87,
      total: 12.84,
      card_brand: 'Visa',
      card_last4: '1111',
    });
    expect(JSON.stringify([store.sale, store.paidCard, store.receipt])).not.toMatch(/4111111111111111|\b123\b/);
    expect(journeys).toHaveBeenCalledWith('merchandise', 'succeeded');
  });

  it('keeps the basket when the card is declined, and words the refusal', async () => {
    const { store, journeys } = await shop(refused('CardDeclined', 'Your card was declined.'));
    await buyBoxesAndTape(store);
    expect(store.stage).toBe('result');
    expect(store.refusal).toBe('declined');
    expect(store.sale).toBeNull();
    expect(store.totals.count).toBe(3);
    expect(journeys).toHaveBeenCalledWith('merchandise', 'failed');
    store.useDifferentCard();
    expect(store.stage).toBe('swipe');
  });

  it('takes a sold-out item out of the basket, keeps the rest and says which', async () => {
    const { store } = await shop((body) =>
      body.get('items')?.includes('mattress-bag')
        ? refused('ItemSoldOut', 'Sorry! Mattress Bag is sold out.', { sold_out: ['mattress-bag'] })
        : { body: wrapped(SALE) },
    );
    store.add('tape');
    store.add('mattress-bag');
    store.checkout();
    store.cardStep.enterCardManually();
    await store.submit(CARD);
    expect(store.stage).toBe('list');
    expect(store.soldOutNames).toEqual(['Mattress Bag']);
    expect(store.lines.map((line) => line.item.item_id)).toEqual(['tape']);
    store.add('tape');
    expect(store.soldOutNames).toEqual([]);
  });

  it('says there was no answer when the call fails, basket kept', async () => {
    const { store } = await shop({ networkError: true });
    await buyBoxesAndTape(store);
    expect(store.refusal).toBe('no_answer');
    expect(store.totals.count).toBe(3);
  });
});

describe('the end of the visit', () => {
  it('empties the basket and forgets the sale', async () => {
    const { root, store } = await shop();
    await buyBoxesAndTape(store);
    store.buyMore();
    store.add('tape');
    root.resetAll();
    expect(store.totals.count).toBe(0);
    expect(store.sale).toBeNull();
    expect(store.receipt).toBeNull();
    expect(store.stage).toBe('list');
    expect(store.items.state).toBe('idle');
  });
});
