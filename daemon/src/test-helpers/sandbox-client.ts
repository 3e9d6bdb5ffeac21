import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildSandbox, type SandboxOptions } from '../sandbox/app.js';
import { TEST_CARDS } from '../sandbox/demo-facility.js';

/** The sandbox's clock in the route tests: 15 July 2025, 17:00 UTC. */
export const SANDBOX_TEST_NOW = Date.UTC(2025, 6, 15, 17, 0);

const headers = { 'x-api-key': 'k', host: 'sandbox.test' };

/**
 * The sandbox for one test file, reset before each test, called the way the daemon's proxy calls
 * the operator API: `get` and `post` (form-encoded) answer the operator's `application_data`,
 * `api` any method with its HTTP status and extra headers, `control` a `/__sandbox/` control
 * route's answer, `hold` a held space's token. Its clock is SANDBOX_TEST_NOW unless one is given.
 */
export function useSandbox(options: Pick<SandboxOptions, 'clock' | 'publicOrigin'> = {}) {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildSandbox({ clock: () => SANDBOX_TEST_NOW, ...options });
  });
  beforeEach(async () => {
    await sandbox().inject({ method: 'POST', url: '/__sandbox/reset' });
  });
  afterAll(async () => {
    await app?.close();
  });
  const sandbox = (): FastifyInstance => {
    if (!app) throw new Error('the sandbox runs only within its tests (useSandbox)');
    return app;
  };

  const get = async (url: string) =>
    (await sandbox().inject({ url: `/api/v1/${url}`, headers })).json().application_data;
  const post = async (url: string, form: Record<string, string> = {}) =>
    (
      await sandbox().inject({
        method: 'POST',
        url: `/api/v1/${url}`,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      })
    ).json().application_data;
  const api = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    form?: Record<string, string>,
    extra: Record<string, string> = {},
  ) => {
    const response = await sandbox().inject({
      method,
      url: `/api/v1/${url}`,
      headers: {
        ...headers,
        ...extra,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    return { status: response.statusCode, data: response.json().application_data };
  };
  const control = async (url: string) => (await sandbox().inject({ url: `/__sandbox/${url}` })).json();
  const hold = async (door: string, facility = 'demo'): Promise<string> => {
    const space = `sp-${door.toLowerCase()}`;
    const answer = await post(`facilities/${facility}/spaces/${space}/hold/`, {
      facility_id: facility,
      space_id: space,
    });
    return answer.result.token;
  };
  return { sandbox, get, post, api, control, hold };
}

/** The walk-in tenant the rental forms carry. */
export const TENANT = {
  tenant_first_name: 'Jane',
  tenant_last_name: 'Tenant',
  tenant_email: 'jane.tenant@example.com',
  tenant_phone: '(217) 555-0182',
};

/** A complete rental of B-10 at the demo facility, paid with the approved Visa. */
export function rentalForm(token: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    facility_id: 'demo',
    space_id: 'sp-b-10',
    hold_token: token,
    ...TENANT,
    name_on_card: 'JANE TENANT',
    cc_number: TEST_CARDS.approveVisa,
    cc_exp_month: '12',
    cc_exp_year: '2030',
    cvv: '123',
    insurance_id: '102',
    item_id: 'lock-disc-70',
    auto_debit: 'true',
    gatecode: '5678',
    ...overrides,
  };
}
