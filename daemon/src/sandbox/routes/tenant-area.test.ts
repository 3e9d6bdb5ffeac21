import { describe, expect, it } from 'vitest';
import { useSandbox } from '../../test-helpers/sandbox-client.js';

// The sandbox clock is 07/15/2025 at the facility; tenant t-5001 (tenant@example.com) rents A102
// ($59.00 due) and B-13 (paid through July, $129 a month).
const { get, post, control } = useSandbox();

const notice = (space: string, date: string) =>
  post('move-out-notice/', { facility_id: 'demo', tenant_id: 't-5001', space_id: space, move_out_date: date });

describe('move-out notice', () => {
  it('is refused while the unit has a balance due, with the amount in its message', async () => {
    expect(await notice('sp-a102', '08/31/2025')).toEqual({
      status: 'error',
      code: 'BalanceDue',
      message: 'Unit A102 has a balance of $59.00. Please pay it before giving notice to move out.',
    });
    expect((await control('mails')).mails).toEqual([]);
  });

  it('is accepted for the date asked, with its rules, and the confirmation mail goes out', async () => {
    const answer = await notice('sp-b-13', '08/31/2025');
    expect(answer).toEqual({
      status: 'ok',
      result: {
        move_out_date: '08/31/2025',
        notice_days: 10,
        balance: 0,
        refund: 0,
        message: 'Please empty the unit and take your lock off by the end of your move-out date.',
      },
    });
    expect((await control('mails')).mails).toEqual([
      expect.objectContaining({
        kind: 'move-out',
        to: { facility: 'demo', tenant: 't-5001', email: 'tenant@example.com' },
        data: expect.objectContaining({ unit_no: 'B-13', move_out_date: '08/31/2025' }),
      }),
    ]);
  });

  it('moves a date inside the notice days to the earliest one allowed and says so', async () => {
    const { result } = await notice('sp-b-13', '07/20/2025');
    expect(result.move_out_date).toBe('07/25/2025');
    expect(result.message).toBe(
      'We need 10 days of notice, so your move-out date is 07/25/2025. Please empty the unit and take your lock off by then.',
    );
  });

  it('refunds whole months paid after the move-out month', async () => {
    // Three months ahead on B-13: paid through October.
    const quote = (await get('tenant/t-5001/space/sp-b-13/pre-pay/?period=3')).result;
    const paid = await post('tenant/t-5001/space/sp-b-13/pre-pay/', {
      period: '3',
      total_amount: String(quote.total_amt),
      card_name: 'Taylor Morgan',
      card_number: '4111111111111111',
      cc_exp_month: '12',
      cc_exp_year: '2030',
      cvv: '123',
    });
    expect(paid.status).toBe('ok');
    const { result } = await notice('sp-b-13', '08/31/2025');
    expect(result.refund).toBe(2 * 129);
  });

  it('refuses today, a date that is not one, and a unit that is not the tenant’s', async () => {
    expect(await notice('sp-b-13', '07/15/2025')).toMatchObject({ status: 'error', code: 'InvalidDate' });
    expect(await notice('sp-b-13', '31/08/2025')).toMatchObject({ status: 'error', code: 'InvalidDate' });
    expect(await notice('sp-017', '08/31/2025')).toMatchObject({ status: 'error', code: 'UnitNotFound' });
  });
});

describe('gate code by text for a tenant', () => {
  it('texts the code on file for the space to the phone, and the answer does not carry it', async () => {
    const answer = await post('text-gate-code/', {
      facility_id: 'demo',
      tenant_id: 't-5001',
      space_id: 'sp-a102',
      unit_door_number: 'A102',
      phone_number: '+12175550147',
    });
    expect(answer).toEqual({ status: 'ok', result: { sent: true, phone_number: '+12175550147' } });
    expect(JSON.stringify(answer)).not.toContain('2580');
    const { texts } = await control('texts');
    expect(texts).toEqual([
      expect.objectContaining({ to: '+12175550147', kind: 'gate-code', body: expect.stringContaining('A102 is 2580') }),
    ]);
  });

  it('fails without a code on file', async () => {
    expect(
      await post('text-gate-code/', {
        facility_id: 'demo',
        tenant_id: 't-5001',
        space_id: 'sp-nowhere',
        phone_number: '+12175550147',
      }),
    ).toEqual({ status: 'error', code: 'NoGateCode', message: 'No gate code is on file for this unit' });
  });
});
