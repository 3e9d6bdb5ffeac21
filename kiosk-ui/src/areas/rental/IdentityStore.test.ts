import { runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wrapped } from '../../test/fakes';
import { SCAN, setup } from './identity/identity-test-fixtures';

beforeEach(() => {
  vi.useFakeTimers();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('IdentityStore: manual verification', () => {
  it("'Manually Verify ID' goes to info; it is not offered when a driver licence is required", () => {
    const { root } = setup();
    expect(root.identity.manualAllowed).toBe(true);
    root.identity.chooseManual();
    expect(root.identity.manual).toBe(true);
    expect(root.rental.section).toBe('info');

    const strict = setup({ settings: { driver_license_required: true } });
    expect(strict.root.identity.manualAllowed).toBe(false);
    strict.root.identity.chooseManual();
    expect(strict.root.rental.section).toBe('rent_this_space');
  });
});

describe('IdentityStore: a logged-in visitor', () => {
  it('fills the empty info fields from the saved details and the earlier verification, once per e-mail', async () => {
    vi.useRealTimers();
    const { root, calls } = setup({
      override: {
        'GET /api/owners/demo-owner/items': (request) => ({
          body: wrapped(
            request.headers.authorization === 'Bearer user-1'
              ? [
                  {
                    item_id: 'verified-1',
                    email: 'tenant@example.com',
                    verified: true,
                    verified_at: '2025-01-10T15:30:00.000Z',
                    phone: '(217) 555-0147',
                    licence: { ...SCAN, number: 'M555-0147-2290' },
                    dl_front_url: 'http://sandbox.test/licence.svg',
                  },
                ]
              : [],
          ),
        }),
        'GET /api/facilities/demo/get-user-details/': {
          body: wrapped({
            user_id: 'u1',
            email: 'tenant@example.com',
            first_name: 'Taylor',
            last_name: 'Morgan',
            phone: '+12175550147',
            address: {
              address1: '18 Lincoln Avenue',
              address2: '',
              city: 'Springfield',
              stateCode: 'IL',
              postalCode: '62701',
            },
            is_new_user: false,
            idv_id: null,
          }),
        },
      },
    });
    runInAction(() => {
      root.rental.model.tenant_first_name = 'Tay';
    });
    root.account.setUserSession({ userToken: 'user-1', email: 'tenant@example.com' });
    const stop = root.identity.followAccountDetails();
    await vi.waitFor(() => expect(root.identity.verified).toBe(true));
    await vi.waitFor(() => expect(root.rental.model.tenant_last_name).toBe('Morgan'));
    stop();

    expect(root.rental.model).toMatchObject({
      tenant_first_name: 'Tay',
      tenant_email: 'tenant@example.com',
      tenant_phone: '(217) 555-0147',
      mailing_address1: '18 Lincoln Avenue',
      driving_lis_no: 'M555-0147-2290',
      dl_front: 'http://sandbox.test/licence.svg',
    });
    expect(root.identity.licenceImage).toBe('http://sandbox.test/licence.svg');
    expect(root.identity.prefillVersion).toBeGreaterThan(0);
    expect(calls('GET', '/api/owners/demo-owner/items')[0]!.query.get('emailId')).toBe('tenant@example.com');

    await root.identity.loadPreviousVerification();
    expect(calls('GET', '/api/owners/demo-owner/items')).toHaveLength(1);
  });

  it('login from the popup stops any phone hand-off and moves to info', async () => {
    const { root } = setup();
    await root.identity.handoff.start('(217) 555-0182');
    root.identity.afterLogin();
    expect(root.identity.handoff.dossierPolling).toBe(false);
    expect(root.rental.section).toBe('info');
  });
});

describe('IdentityStore: lookups for the tenant forms', () => {
  it('zip -> state, null for a refused zip or a failed call', async () => {
    vi.useRealTimers();
    const { root } = setup({
      override: {
        'GET /api/facilities/demo/zipcode/': (request) =>
          request.query.get('zipcode') === '62704'
            ? { body: wrapped({ state_code: 'IL' }) }
            : request.query.get('zipcode') === '00000'
              ? { networkError: true }
              : { body: { application_data: { status: 'error', message: 'Invalid zip code' } } },
      },
    });
    expect(await root.identity.lookupZipState('62704')).toBe('IL');
    expect(await root.identity.lookupZipState('99999')).toBeNull();
    expect(await root.identity.lookupZipState('00000')).toBeNull();
  });

  it('asks the phone validation call once per number, and again after a failed call', async () => {
    vi.useRealTimers();
    let fail = true;
    const { root, calls } = setup({
      override: {
        'GET /api/common-data/validate-phone/': (request) =>
          fail
            ? { networkError: true }
            : { body: { data: { is_valid: request.query.get('phone_number') !== '2175550000' } } },
      },
    });
    await expect(root.identity.validatePhone('2175550182')).rejects.toThrow();
    fail = false;
    expect(await root.identity.validatePhone('2175550182')).toBe(true);
    expect(await root.identity.validatePhone('2175550182')).toBe(true);
    expect(await root.identity.validatePhone('2175550000')).toBe(false);
    expect(calls('GET', '/api/common-data/validate-phone/')).toHaveLength(3);
    expect(calls('GET', '/api/common-data/validate-phone/')[1]!.query.get('country_code')).toBe('1');
  });
});
