import { describe, expect, it } from 'vitest';
import { KIOSK_PAGE_HEADER, KIOSK_PAGE_HEADER_VALUE, UPSTREAM_UNREADABLE_MESSAGE } from '@kiosk/shared-types';
import { createFakeFetch, wrapped } from '../test/fakes';
import { ApiClient, ApiError, CancelledError, NetworkError } from './client';

describe('ApiClient.call', () => {
  it('builds the path from the route, adds the query and unwraps application_data', async () => {
    const fake = createFakeFetch({ 'GET /api/facilities/demo/': { body: wrapped({ name: 'Demo Storage' }) } });
    const api = new ApiClient({ fetch: fake.fetch });

    const response = await api.call<{ name: string }>(
      'facility',
      { facility: 'demo' },
      { query: { All: true, facility_id: 'demo' } },
    );

    expect(response).toEqual({ status: 'ok', result: { name: 'Demo Storage' } });
    expect(fake.requests[0]?.method).toBe('GET');
    expect(fake.requests[0]?.query.get('All')).toBe('true');
    expect(fake.requests[0]?.query.get('facility_id')).toBe('demo');
  });

  it('form-encodes bodies, sending nested values as JSON and leaving out undefined', async () => {
    const fake = createFakeFetch({ 'POST /api/facilities/demo/space/7/reserve/': { body: wrapped({}) } });
    const api = new ApiClient({ fetch: fake.fetch });

    await api.call(
      'reserveSpace',
      { facility: 'demo', spaceId: 7 },
      {
        form: {
          tenant_info: { first: 'Ana', phones: ['555'] },
          move_in_date: '01/02/2030',
          hold_token: undefined,
          note: null,
        },
      },
    );

    const request = fake.requests[0]!;
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const body = new URLSearchParams(request.body);
    expect(JSON.parse(body.get('tenant_info')!)).toEqual({ first: 'Ana', phones: ['555'] });
    expect(body.get('move_in_date')).toBe('01/02/2030');
    expect(body.has('hold_token')).toBe(false);
    expect(body.get('note')).toBe('');
  });

  it('returns an operator error as a value, even when it came with an HTTP 400', async () => {
    const error = { status: 'error', errors: { __all__: ['Invalid username or password'] } };
    const fake = createFakeFetch({
      'POST /api/facilities/demo/login/': { status: 400, body: { application_data: error } },
    });
    const api = new ApiClient({ fetch: fake.fetch });

    await expect(
      api.call('login', { facility: 'demo' }, { form: { username: 'a@b.c', password: 'x' } }),
    ).resolves.toEqual(error);
  });

  it('throws ApiError with the daemon message for an HTTP error without the wrapper', async () => {
    const message = 'The operator service is not reachable. Please try again or ask the Manager for help.';
    const fake = createFakeFetch({
      'GET /api/facilities/demo/configuration/': {
        status: 502,
        body: { statusCode: 502, error: 'Bad Gateway', message },
      },
    });
    const api = new ApiClient({ fetch: fake.fetch });

    const failure = await api.call('configuration', { facility: 'demo' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(502);
    expect((failure as ApiError).message).toBe(message);
  });

  it('throws ApiError for a 200 answer that is not an operator response', async () => {
    const fake = createFakeFetch({ 'GET /api/facilities/demo/configuration/': { body: '<html>oops</html>' } });
    const api = new ApiClient({ fetch: fake.fetch });
    await expect(api.call('configuration', { facility: 'demo' })).rejects.toBeInstanceOf(ApiError);
  });

  it("throws ApiError with the daemon's message when the operator's answer could not be read", async () => {
    const fake = createFakeFetch({
      'GET /api/facilities/demo/configuration/': {
        status: 502,
        body: { statusCode: 502, error: 'Bad Gateway', message: UPSTREAM_UNREADABLE_MESSAGE },
      },
    });
    const api = new ApiClient({ fetch: fake.fetch });
    const failure = await api.call('configuration', { facility: 'demo' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(502);
    expect((failure as ApiError).message).toBe(UPSTREAM_UNREADABLE_MESSAGE);
  });

  it('throws ApiError "cannot read" (never a half answer) when a 200 answer breaks off mid-way', async () => {
    const fake = createFakeFetch({
      'GET /api/facilities/demo/configuration/': { cutShort: '{"application_data":{"status":"ok","result":{' },
    });
    const api = new ApiClient({ fetch: fake.fetch });
    for (const attempt of [
      api.call('configuration', { facility: 'demo' }),
      api.raw('configuration', { facility: 'demo' }),
    ]) {
      const failure = await attempt.catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).status).toBe(502);
      expect((failure as ApiError).message).toBe(UPSTREAM_UNREADABLE_MESSAGE);
    }
  });

  it('throws NetworkError when the daemon cannot be reached', async () => {
    const fake = createFakeFetch({ 'GET /api/facilities/demo/configuration/': { networkError: true } });
    const api = new ApiClient({ fetch: fake.fetch });
    await expect(api.call('configuration', { facility: 'demo' })).rejects.toBeInstanceOf(NetworkError);
  });

  it('cancels a call superseded by a newer one with the same latestKey, with the word cancelled', async () => {
    let calls = 0;
    const fake = createFakeFetch({
      'GET /api/facilities/demo/space-types/3/rental-cost/': () =>
        ++calls === 1 ? { hang: true } : { body: wrapped({ costs: [] }) },
    });
    const api = new ApiClient({ fetch: fake.fetch });

    const first = api.call('rentalCost', { facility: 'demo', spaceTypeId: 3 }, { latestKey: 'move-in-cost' });
    const second = api.call('rentalCost', { facility: 'demo', spaceTypeId: 3 }, { latestKey: 'move-in-cost' });

    const failure = await first.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CancelledError);
    expect((failure as Error).message).toBe('cancelled');
    await expect(second).resolves.toEqual({ status: 'ok', result: { costs: [] } });
  });

  it('does not cancel calls with different keys or without a key', async () => {
    const fake = createFakeFetch({ 'GET /api/facilities/demo/amenities/': { body: wrapped([]) } });
    const api = new ApiClient({ fetch: fake.fetch });
    const results = await Promise.all([
      api.call('amenities', { facility: 'demo' }, { latestKey: 'a' }),
      api.call('amenities', { facility: 'demo' }, { latestKey: 'b' }),
      api.call('amenities', { facility: 'demo' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'ok', 'ok']);
  });

  it("rejects with CancelledError when the caller's signal aborts", async () => {
    const fake = createFakeFetch({ 'GET /api/facilities/demo/amenities/': { hang: true } });
    const api = new ApiClient({ fetch: fake.fetch });
    const controller = new AbortController();
    const pending = api.call('amenities', { facility: 'demo' }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });
});

describe('ApiClient.raw', () => {
  it('returns unwrapped bodies as they are (validate-phone answers { data: { is_valid } })', async () => {
    const fake = createFakeFetch({ 'GET /api/common-data/validate-phone/': { body: { data: { is_valid: true } } } });
    const api = new ApiClient({ fetch: fake.fetch });
    const body = await api.raw<{ data: { is_valid: boolean } }>(
      'validatePhone',
      {},
      { query: { phone_number: '5551234567', country_code: 1 } },
    );
    expect(body.data.is_valid).toBe(true);
    expect(fake.requests[0]?.query.get('country_code')).toBe('1');
  });
});

describe("the kiosk page's header", () => {
  it('goes with every call to the daemon: operator calls, device and session calls, log posts', async () => {
    const fake = createFakeFetch({
      'GET /api/facilities/demo/configuration/': { body: wrapped({}) },
      'POST /api/text-gate-code/': { body: wrapped({}) },
      'POST /device/card/swipe': { body: { swipeId: 's-1', waitSeconds: 30 } },
      'POST /session/holds': { status: 204 },
      'POST /log': { status: 202, body: { accepted: 1 } },
    });
    const api = new ApiClient({ fetch: fake.fetch });
    await api.call('configuration', { facility: 'demo' }, { fresh: true });
    await api.call('textGateCode', {}, { form: { tenant_id: 't-1' }, headers: { authorization: 'passport' } });
    await api.startSwipe();
    await api.registerHold({ facility_id: 'demo', space_id: 'sp-1', hold_token: 't' });
    await api.postLog([{ event_name: 'Navigation done', action: 'done', active_section: 'home' }]);
    expect(fake.requests).toHaveLength(5);
    for (const request of fake.requests)
      expect(request.headers[KIOSK_PAGE_HEADER], `${request.method} ${request.path}`).toBe(KIOSK_PAGE_HEADER_VALUE);
  });
});

describe('daemon endpoints', () => {
  it('posts UI log events as JSON to /log', async () => {
    const fake = createFakeFetch({ 'POST /log': { status: 202, body: { accepted: 1 } } });
    const api = new ApiClient({ fetch: fake.fetch });
    await api.postLog([{ event_name: 'Navigation select', action: 'select', active_section: 'home' }]);
    expect(fake.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(fake.requests[0]!.body!)).toEqual([
      { event_name: 'Navigation select', action: 'select', active_section: 'home' },
    ]);
  });

  it('registers and releases holds with the daemon', async () => {
    const fake = createFakeFetch({
      'POST /session/holds': { status: 204 },
      'DELETE /session/holds/space%2F9': { status: 204 },
    });
    const api = new ApiClient({ fetch: fake.fetch });
    await api.registerHold({ facility_id: 'demo', space_id: 'space/9', hold_token: 't' });
    await api.releaseHold('space/9');
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /session/holds',
      'DELETE /session/holds/space%2F9',
    ]);
  });

  it('hands a store a device answer only in the shape it reads, never a wrong one cast into place', async () => {
    const good = createFakeFetch({
      'GET /device/printer': { body: { status: 'ok', configured: true, state: 'paper-low', canPrint: true } },
    });
    await expect(new ApiClient({ fetch: good.fetch }).printerStatus()).resolves.toMatchObject({
      state: 'paper-low',
      canPrint: true,
    });

    const bad = createFakeFetch({
      // A licence scan read, but its fields cut short; a printer state the kiosk does not know.
      'POST /device/id/scan': { body: { ok: true, fields: { first_name: 'JANE', last_name: 'TENANT' } } },
      'GET /device/printer': { body: { status: 'ok', configured: true, state: 'on fire', canPrint: true } },
    });
    const api = new ApiClient({ fetch: bad.fetch });
    const unreadable = { message: 'The kiosk service sent an answer the kiosk cannot read.' };
    await expect(api.parseIdScan('@ANSI 636015')).rejects.toMatchObject(unreadable);
    await expect(api.printerStatus()).rejects.toMatchObject(unreadable);
  });
});
