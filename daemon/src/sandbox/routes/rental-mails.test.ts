import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../demo-facility.js';
import { useSandbox } from '../../test-helpers/sandbox-client.js';

const { post, control } = useSandbox();

describe('notification mails', () => {
  it('records the notification mails, masked', async () => {
    const path = 'owners/demo-owner/facilities/demo/tenant/t-9001/space-type/m-10x10';
    expect((await post(`${path}/rental/`, { source: 'kiosk', unit_no: 'B-10' })).status).toBe('ok');
    expect((await post(`${path}/rental/failure/`, { note: `card ${TEST_CARDS.approveVisa}` })).status).toBe('ok');
    expect((await post(`${path}/reservation/`, {})).status).toBe('ok');
    expect((await post(`${path}/reservation/failure/`, {})).status).toBe('ok');
    const { mails } = await control('mails');
    expect(mails.map((mail: { kind: string }) => mail.kind)).toEqual([
      'rental',
      'rental-failure',
      'reservation',
      'reservation-failure',
    ]);
    expect(mails[0]).toMatchObject({ to: { tenant: 't-9001', spaceTypeId: 'm-10x10' }, data: { unit_no: 'B-10' } });
    expect(JSON.stringify(mails)).not.toContain(TEST_CARDS.approveVisa);
  });
});
