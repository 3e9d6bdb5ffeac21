import { describe, expect, it } from 'vitest';
import { useSandbox } from '../../test-helpers/sandbox-client.js';

/** Locked-out units: the access the account data shows, and what a payment answers about it. */

const { get, post } = useSandbox();

async function logIn(username: string): Promise<string> {
  return (await post('facilities/demo/login/', { username, password: 'Password!1' })).result.user_token;
}

async function accessOf(email: string, tenant: string): Promise<Record<string, string>> {
  const token = await logIn(email);
  const details = await get(`user/items/facilities/demo/tenant/${tenant}/?user_token=${token}`);
  return Object.fromEntries(
    details.result.space_details.map((space: { unit_number: string; access_status: string }) => [
      space.unit_number,
      space.access_status,
    ]),
  );
}

const card = {
  card_name: 'Jordan Price',
  card_number: '4111111111111111',
  cc_exp_month: '12',
  cc_exp_year: '2030',
  cvv: '123',
};

/** Pays the balance due of a space and answers the payment's access. */
async function payBalance(space: string, cardNumber = card.card_number) {
  const total = String((await get(`${space}/pre-pay/?period=0`)).result.total_amt);
  return post(`${space}/pre-pay/`, { ...card, card_number: cardNumber, period: '0', total_amount: total });
}

describe('access status in the account data', () => {
  it('marks the suspended, the overlocked and the open units', async () => {
    expect(await accessOf('gatelocked@example.com', 't-5020')).toEqual({ 'C-03': 'gate_suspended' });
    expect(await accessOf('overlocked@example.com', 't-5021')).toEqual({ 'C-30': 'overlocked' });
    expect(await accessOf('tenant@example.com', 't-5001')).toMatchObject({ A102: 'ok', 'B-13': 'ok' });
  });
});

describe('a payment answers what it did to access', () => {
  it('restores a suspended gate code at once', async () => {
    const paid = await payBalance('tenant/t-5020/space/sp-c-03');
    expect(paid.status).toBe('ok');
    expect(paid.result.access).toEqual({ status: 'restored' });
    expect(await accessOf('gatelocked@example.com', 't-5020')).toEqual({ 'C-03': 'ok' });
  });

  it('leaves an overlock to the Facility Manager', async () => {
    const paid = await payBalance('tenant/t-5021/space/sp-c-30');
    expect(paid.result.access).toEqual({ status: 'manager' });
    expect(paid.result.amount).toBe(473);
    expect(await accessOf('overlocked@example.com', 't-5021')).toEqual({ 'C-30': 'overlocked' });
  });

  it('says nothing changed for a unit that was not locked out', async () => {
    expect((await payBalance('tenant/t-5001/space/sp-a102')).result.access).toEqual({ status: 'unchanged' });
  });

  it('keeps the unit locked out when the card is declined', async () => {
    const declined = await payBalance('tenant/t-5020/space/sp-c-03', '4000000000000002');
    expect(declined).toMatchObject({ status: 'error', code: 'CardDeclined' });
    expect(await accessOf('gatelocked@example.com', 't-5020')).toEqual({ 'C-03': 'gate_suspended' });
  });
});
