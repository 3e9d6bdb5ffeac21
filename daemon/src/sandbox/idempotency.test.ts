import { describe, expect, it } from 'vitest';
import { rentalForm, useSandbox } from '../test-helpers/sandbox-client.js';

const { api, post, control, hold } = useSandbox();

const once = (key: string) => ({ 'idempotency-key': key });

describe('a repeated idempotency key', () => {
  it('answers the first text again and sends no second text', async () => {
    const rental = await post('facilities/demo/rental/', rentalForm(await hold('B-10')));
    const form = { facility_id: 'demo', tenant_id: rental.result.tenant_id, phone_number: '(217) 555-0182' };
    const first = await api('POST', 'text-gate-code/', form, once('ob-1-gate_code_text'));
    const again = await api('POST', 'text-gate-code/', form, once('ob-1-gate_code_text'));
    expect(again).toEqual(first);
    expect((await control('texts')).texts).toHaveLength(1);

    await api('POST', 'text-gate-code/', form, once('ob-2-gate_code_text'));
    expect((await control('texts')).texts).toHaveLength(2);
  });

  it('records one lock sale and one mail per key', async () => {
    const sale = { facility_id: 'demo', tenant_id: 't-9001', item_id: 'lock-disc-70' };
    await api('POST', 'process-merchandise-sales/', sale, once('ob-3-lock_sale'));
    await api('POST', 'process-merchandise-sales/', sale, once('ob-3-lock_sale'));
    expect((await control('rentals')).merchandise_sales).toHaveLength(1);

    const rental = await post('facilities/demo/rental/', rentalForm(await hold('B-10')));
    const mail = `owners/demo-owner/facilities/demo/tenant/${rental.result.tenant_id}/space-type/m-10x10/rental/`;
    const data = { source: 'kiosk', unit_no: 'B-10' };
    await api('POST', mail, data, once('ob-4-rental_mail'));
    await api('POST', mail, data, once('ob-4-rental_mail'));
    expect((await control('mails')).mails.filter((m: { kind: string }) => m.kind === 'rental')).toHaveLength(1);
  });

  it('a refused call is answered the same refusal again', async () => {
    const form = { facility_id: 'demo', tenant_id: 't-none', phone_number: '(217) 555-0111' };
    const first = await api('POST', 'text-gate-code/', form, once('ob-5-gate_code_text'));
    expect(first.data.status).toBe('error');
    expect(await api('POST', 'text-gate-code/', form, once('ob-5-gate_code_text'))).toEqual(first);
  });
});
