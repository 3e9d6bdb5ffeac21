import { describe, expect, it } from 'vitest';
import { afterUserItems, detailRequests, summarizeUserItems, type DetailResponse } from './user-items';

interface Tenant {
  type: string;
  tenant_id: string;
  email: string;
  res_id?: string | null;
}
interface Space {
  spaceId: string;
  unit_number: string;
  leaseId?: string | null;
  res_id?: string | null;
}

const request = (tenant: string, facility = 'demo') => ({ facility, tenant });

describe('afterUserItems', () => {
  it('goes to link a rental when the call fails or finds nothing', () => {
    expect(afterUserItems({ ok: false })).toBe('link_rental');
    expect(afterUserItems({ ok: true, items: [] })).toBe('link_rental');
    expect(afterUserItems({ ok: true, items: null })).toBe('link_rental');
    expect(afterUserItems({ ok: true, items: [{ facility: 'demo', tenants: [] }] })).toBe('link_rental');
  });

  it('loads the details when the tenant has items', () => {
    expect(afterUserItems({ ok: true, items: [{ facility: 'demo', tenants: ['t1'] }] })).toBe('load_details');
  });
});

describe('detailRequests', () => {
  it('asks for the details of every tenant of every item, once', () => {
    expect(
      detailRequests([
        { facility: 'demo', tenants: ['t1', { tenant_id: 2 }] },
        { facility: { facility_id: 'north' }, tenants: ['t1'] },
        { facility: 'demo', tenants: ['t1'] },
      ]),
    ).toEqual([request('t1'), request('2'), request('t1', 'north')]);
  });
});

describe('summarizeUserItems', () => {
  const primary: Tenant = { type: 'primary', tenant_id: 't1', email: 'tenant@example.com' };
  const other: Tenant = { type: 'secondary', tenant_id: 't9', email: 'other@example.com' };
  const leased: Space = { spaceId: 's1', unit_number: 'A15', leaseId: 'L1' };
  const reserved: Space = { spaceId: 's2', unit_number: 'B2', leaseId: 'L2', res_id: 'R1' };
  const noLease: Space = { spaceId: 's3', unit_number: 'C3', leaseId: null };

  it('lists every space with the tenant it belongs to, one without a leaseId too', () => {
    const result = summarizeUserItems<Tenant, Space>([
      { ok: true, request: request('t1'), tenant_details: [other, primary], space_details: [leased, noLease] },
    ]);
    expect(result.next).toBe('pay');
    expect(result.hasLease).toBe(true);
    expect(result.units).toEqual([
      { ...leased, tenant_id: 't1', facility: 'demo' },
      { ...noLease, tenant_id: 't1', facility: 'demo' },
    ]);
  });

  it('uses the primary tenant for account data', () => {
    const result = summarizeUserItems<Tenant, Space>([
      { ok: true, request: request('t9'), tenant_details: [other], space_details: [] },
      { ok: true, request: request('t1'), tenant_details: [primary], space_details: [leased] },
    ]);
    expect(result.account).toBe(primary);
  });

  it('skips entries with a res_id', () => {
    const reservedPrimary: Tenant = { ...primary, tenant_id: 'r', res_id: 'R1' };
    const result = summarizeUserItems<Tenant, Space>([
      {
        ok: true,
        request: request('t1'),
        tenant_details: [reservedPrimary, other],
        space_details: [reserved, leased],
      },
    ]);
    expect(result.account).toBe(other);
    expect(result.units.map((u) => u.spaceId)).toEqual(['s1']);
  });

  it('counts failed details calls and carries on with the others', () => {
    const responses: DetailResponse<Tenant, Space>[] = [
      { ok: false, request: request('t2') },
      { ok: true, request: request('t1'), tenant_details: [primary], space_details: [leased] },
      { ok: false, request: request('t3') },
    ];
    const result = summarizeUserItems(responses);
    expect(result.failed).toBe(2);
    expect(result.units).toHaveLength(1);
  });

  it('sends the tenant to link a rental when no space has a lease', () => {
    const result = summarizeUserItems<Tenant, Space>([
      { ok: true, request: request('t1'), tenant_details: [primary], space_details: [noLease, reserved] },
    ]);
    expect(result).toMatchObject({ hasLease: false, next: 'link_rental', units: [] });
  });

  it('sends the tenant to link a rental when every call failed', () => {
    expect(summarizeUserItems([{ ok: false, request: request('t1') }]).next).toBe('link_rental');
  });

  it('lists a space shared by two tenants under each of them', () => {
    const result = summarizeUserItems<Tenant, Space>([
      { ok: true, request: request('t1'), tenant_details: [primary], space_details: [leased] },
      { ok: true, request: request('t9'), tenant_details: [other], space_details: [leased] },
    ]);
    expect(result.units.map((unit) => `${unit.tenant_id}:${unit.spaceId}`)).toEqual(['t1:s1', 't9:s1']);
  });
});
