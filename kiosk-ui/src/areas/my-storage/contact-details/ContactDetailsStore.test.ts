import type { TenantDetail } from '@kiosk/shared-types';
import { describe, expect, it, vi } from 'vitest';
import { createTestRoot, wrapped, type FakeRoutes } from '../../../test/fakes';

const primary: TenantDetail = {
  type: 'primary',
  name: { first: 'Taylor', last: 'Morgan' },
  email: 'tenant@example.com',
  address: { address1: '18 Lincoln Avenue', address2: '', city: 'Springfield', stateCode: 'IL', postalCode: '62701' },
  phones: [{ type: 'cell', number: '+12175550147' }],
  tenant_id: 't-5001',
  res_id: null,
};

function setup(overrides: FakeRoutes = {}) {
  const routes: FakeRoutes = {
    'GET /api/user/items/': { body: wrapped([{ facility: 'demo', tenants: ['t-5009', 't-5001'] }]) },
    'GET /api/user/items/facilities/demo/tenant/t-5009/': {
      body: { application_data: { status: 'error', code: 'ManagementSystemError' } },
    },
    'GET /api/user/items/facilities/demo/tenant/t-5001/': {
      body: wrapped({ tenant_details: [primary, { ...primary, res_id: 'r-1' }], space_details: [] }),
    },
    ...overrides,
  };
  const made = createTestRoot({ routes });
  const journeys = vi.spyOn(made.root.screenHealth, 'journey');
  return { ...made, journeys };
}

async function opened(overrides: FakeRoutes = {}) {
  const made = setup(overrides);
  made.root.account.setUserSession({ userToken: 'ut-1', email: 'tenant@example.com' });
  made.root.contactDetails.open();
  await vi.waitFor(() => expect(made.root.contactDetails.load.state).toBe('ready'));
  return made;
}

describe('ContactDetailsStore', () => {
  it('sends a visitor who is not logged in to the login, and loads nothing', () => {
    const { root, requests } = setup();
    root.contactDetails.open();
    expect(root.shell.section).toBe('my_storage');
    expect(requests.filter((request) => request.path.startsWith('/api/user/'))).toEqual([]);
  });

  it("prefills the first of the account's tenants here whose details load", async () => {
    const { root } = await opened();
    expect(root.contactDetails.tenantId).toBe('t-5001');
    expect(root.contactDetails.values).toMatchObject({
      tenant_phone: '(217) 555-0147',
      tenant_email: 'tenant@example.com',
    });
  });

  it('says which details the operator changed, refills from its answer and counts the journey', async () => {
    const { root, requests, journeys } = await opened({
      'POST /api/update-tenant-contact/': {
        body: wrapped({
          changed: ['tenant_email', 'tenant_phone'],
          tenant_details: [
            { ...primary, email: 'new@example.com', phones: [{ type: 'cell', number: '+12175550199' }] },
          ],
          notified: { mail: true, text_to_old_phone: true },
        }),
      },
    });
    await root.contactDetails.save({
      ...root.contactDetails.values!,
      tenant_email: 'new@example.com',
      tenant_phone: '(217) 555-0199',
    });
    expect(root.contactDetails.outcome).toEqual({
      kind: 'saved',
      details: ['cell_phone', 'email'],
      mailedTo: 'new@example.com',
      textedOldPhone: true,
    });
    expect(root.contactDetails.values?.tenant_phone).toBe('(217) 555-0199');
    const sent = new URLSearchParams(requests.find((request) => request.method === 'POST')!.body);
    expect(sent.get('tenant_id')).toBe('t-5001');
    expect(sent.get('tenant_email')).toBe('new@example.com');
    expect(sent.get('user_token')).toBe('ut-1');
    expect(journeys).toHaveBeenCalledWith('contact_details', 'saved');
  });

  it('says nothing changed when the operator changed nothing', async () => {
    const { root, journeys } = await opened({
      'POST /api/update-tenant-contact/': {
        body: wrapped({ changed: [], tenant_details: [primary], notified: { mail: false, text_to_old_phone: false } }),
      },
    });
    await root.contactDetails.save(root.contactDetails.values!);
    expect(root.contactDetails.outcome).toEqual({ kind: 'unchanged' });
    expect(journeys).toHaveBeenCalledWith('contact_details', 'unchanged');
  });

  it("keeps the operator's refusal at its field until the visitor changes that field", async () => {
    const message = 'Another account already uses this e-mail address.';
    const { root, journeys } = await opened({
      'POST /api/update-tenant-contact/': {
        body: {
          application_data: { status: 'error', code: 'InvalidContactDetails', errors: { tenant_email: [message] } },
        },
      },
    });
    await root.contactDetails.save({ ...root.contactDetails.values!, tenant_email: 'norentals@example.com' });
    expect(root.contactDetails.outcome).toEqual({ kind: 'refused' });
    expect(root.contactDetails.serverErrors).toEqual({ tenant_email: message });
    expect(journeys).toHaveBeenCalledWith('contact_details', 'refused');
    root.contactDetails.clearServerError('tenant_email');
    expect(root.contactDetails.serverErrors).toEqual({});
  });

  it('says the details could not be saved when the operator does not answer', async () => {
    const { root, journeys } = await opened({ 'POST /api/update-tenant-contact/': { networkError: true } });
    await root.contactDetails.save(root.contactDetails.values!);
    expect(root.contactDetails.outcome).toEqual({ kind: 'failed' });
    expect(root.contactDetails.saving).toBe(false);
    expect(journeys).toHaveBeenCalledWith('contact_details', 'failed');
  });
});
