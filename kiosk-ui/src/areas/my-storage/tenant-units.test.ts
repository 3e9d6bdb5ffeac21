import { describe, expect, it } from 'vitest';
import { A102, B13, RESERVED, tenant } from '../pay-bill/pay-bill-test-fixtures';
import { hiddenPhone, isLockedOut, phoneOnFile, tenantUnits } from './tenant-units';

const payable = (space: typeof A102) => ({ ...space, tenant_id: 't-1', facility: 'demo' });

describe('tenantUnits', () => {
  it('lists rented units with their balance and leaves reservations and the gate code out', () => {
    const units = tenantUnits([payable(A102), payable(B13), payable(RESERVED)]);
    expect(units).toEqual([
      {
        key: 'demo/t-1/sp-a102',
        facility: 'demo',
        tenantId: 't-1',
        spaceId: 'sp-a102',
        door: 'A102',
        balance: 59,
        lockedOut: false,
      },
      {
        key: 'demo/t-1/sp-b-13',
        facility: 'demo',
        tenantId: 't-1',
        spaceId: 'sp-b-13',
        door: 'B-13',
        balance: 0,
        lockedOut: false,
      },
    ]);
    expect(JSON.stringify(units)).not.toContain(A102.accessCode);
  });

  it('lists a space listed twice for one tenant once', () => {
    expect(tenantUnits([payable(A102), payable(A102)])).toHaveLength(1);
  });
});

describe('isLockedOut', () => {
  it('reads the unit’s access status: suspended gate access or an overlock', () => {
    expect(isLockedOut({ ...A102, access_status: 'gate_suspended' })).toBe(true);
    expect(isLockedOut({ ...A102, access_status: 'overlocked' })).toBe(true);
    expect(isLockedOut({ ...A102, access_status: 'ok' })).toBe(false);
    expect(isLockedOut(A102)).toBe(false);
  });
});

describe('phoneOnFile', () => {
  it('takes the cell phone on file first, then any phone, then the number logged in with', () => {
    const phones = [
      { type: 'home' as const, number: '(217) 555-0100' },
      { type: 'cell' as const, number: '+12175550147' },
    ];
    expect(phoneOnFile({ ...tenant, phones }, '2175550999')).toBe('2175550147');
    expect(phoneOnFile({ ...tenant, phones: [phones[0]!] }, '2175550999')).toBe('2175550100');
    expect(phoneOnFile({ ...tenant, phones: [] }, '2175550999')).toBe('2175550999');
    expect(phoneOnFile(null, null)).toBeNull();
    expect(phoneOnFile({ ...tenant, phones: [{ type: 'cell', number: '555' }] }, null)).toBeNull();
  });
});

describe('hiddenPhone', () => {
  it('shows only the last four digits', () => {
    expect(hiddenPhone('2175550147')).toBe('(•••) •••-0147');
  });
});
