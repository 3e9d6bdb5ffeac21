import { beforeEach, describe, expect, it } from 'vitest';
import { IDENTITY, IDENTITY_TOKEN_HEADER } from '@kiosk/shared-types';
import { SANDBOX_TEST_NOW, useSandbox } from '../../test-helpers/sandbox-client.js';

let now = SANDBOX_TEST_NOW;
const { api, sandbox } = useSandbox({ clock: () => now, publicOrigin: 'http://sandbox.test' });
beforeEach(() => {
  now = SANDBOX_TEST_NOW;
});

async function startSession() {
  const { data } = await api('GET', 'facilities/demo/generate-incode-session/?liveData=true');
  expect(data.status).toBe('ok');
  return data.result as { url: string; interview_id: string; clientId: string; token: string };
}

const withToken = (token: string) => ({ [IDENTITY_TOKEN_HEADER]: token });

describe('dossiers', () => {
  it('creates a dossier, reads it back and merges JSON-encoded parts on PUT', async () => {
    const created = await api('POST', 'owners/demo-owner/facilities/demo/dossiers/', {
      owner: 'demo-owner',
      facility: 'demo',
      trace_id: 'trace-1',
      created_time: '2025-07-15T17:00:00.000Z',
      updated_time: '2025-07-15T17:00:00.000Z',
    });
    const id = created.data.result.dossier_id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const updated = await api('PUT', `dossiers/${id}/`, {
      verification: JSON.stringify({ state: 'verified', authenticated: true, probability: 90 }),
      phone: '(217) 555-0182',
    });
    expect(updated.data.result).toMatchObject({
      dossierId: id,
      trace_id: 'trace-1',
      owner_id: 'demo-owner',
      phone: '(217) 555-0182',
      verification: { state: 'verified', authenticated: true, probability: 90 },
    });
    expect((await api('GET', `dossiers/${id}/`)).data.result.verification.state).toBe('verified');
  });

  it('answers 404 for an unknown dossier and 400 for a part that is not JSON', async () => {
    expect((await api('GET', 'dossiers/nope/')).status).toBe(404);
    const id = (await api('POST', 'owners/demo-owner/facilities/demo/dossiers/', {})).data.result.dossier_id;
    const bad = await api('PUT', `dossiers/${id}/`, { rental: '{not json' });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual({ rental: ['Must be JSON.'] });
  });
});

describe('the phone verification', () => {
  it('texts the link, advances the status when the phone page is completed, then scores and scans', async () => {
    const session = await startSession();
    expect(session.url).toBe(`http://sandbox.test/pages/identity/onboard/${session.interview_id}`);
    expect(session.clientId).toBe('maple-street-kiosk');

    const dossierId = (await api('POST', 'owners/demo-owner/facilities/demo/dossiers/', {})).data.result.dossier_id;
    const idv = await api('POST', 'owners/demo-owner/facilities/demo/identity-verification?sendNotification=true', {
      phone: '(217) 555-0182',
      email: '',
      dossierId,
      device: 'kiosk',
      incodeVerificationLink: session.url,
    });
    expect(idv.data.result.idvId).toMatch(/^idv-/);
    const { texts } = (await sandbox().inject({ url: '/__sandbox/texts' })).json();
    expect(texts).toEqual([
      expect.objectContaining({
        to: '(217) 555-0182',
        kind: 'identity-verification',
        body: expect.stringContaining(session.url),
      }),
    ]);
    expect((await api('GET', `dossiers/${dossierId}/`)).data.result.idvId).toBe(idv.data.result.idvId);

    const status = () =>
      api('GET', `facilities/demo/get-status/?id=${session.interview_id}`, undefined, withToken(session.token));
    expect((await status()).data.result).toEqual({ onboardingStatus: 'UNKNOWN' });
    // Not finished: no score yet.
    expect(
      (
        await api(
          'GET',
          `facilities/demo/get-score/?interview_id=${session.interview_id}`,
          undefined,
          withToken(session.token),
        )
      ).data.code,
    ).toBe('OnboardingNotFinished');

    const page = await sandbox().inject({ url: `/pages/identity/onboard/${session.interview_id}` });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Complete verification (pass)');
    expect(page.body).toContain('Complete verification (fail)');
    expect((await status()).data.result.onboardingStatus).toBe('ID_VALIDATION_FINISHED');

    const done = await sandbox().inject({
      method: 'POST',
      url: `/pages/identity/onboard/${session.interview_id}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pass',
    });
    expect(done.body).toContain('Verification complete');
    expect((await status()).data.result.onboardingStatus).toBe('ONBOARDING_FINISHED');

    const score = await api(
      'GET',
      `facilities/demo/get-score/?interview_id=${session.interview_id}`,
      undefined,
      withToken(session.token),
    );
    expect(score.data.result).toEqual({ overall: { value: '8.7', status: 'OK' } });
    expect(Math.round(Number(score.data.result.overall.value)) * IDENTITY.confidenceMultiplier).toBeGreaterThanOrEqual(
      IDENTITY.confidencePassAt,
    );

    const ocr = await api(
      'GET',
      `facilities/demo/get-ocr-image-data/?interview_id=${session.interview_id}`,
      undefined,
      withToken(session.token),
    );
    expect(ocr.data.result.ocr).toEqual({
      name: { firstName: 'Jordan', lastName: 'Avery', fullName: 'Jordan Avery' },
      address: { street: '742 Evergreen Terrace', city: 'Springfield', state: 'IL', postalCode: '62704' },
      state: 'IL',
      number: 'A123-4567-8901',
      issueDate: '2022-03-14',
      expiryDate: '2030-03-14',
      dateOfBirth: '1985-06-02',
    });
    expect(ocr.data.result.images.croppedFrontID).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('fails the score with the (fail) button, and for a phone listed to fail whatever is pressed', async () => {
    const failed = await startSession();
    await sandbox().inject({
      method: 'POST',
      url: `/__sandbox/identity/sessions/${failed.interview_id}/complete`,
      payload: { outcome: 'fail' },
    });
    const score = await api(
      'GET',
      `facilities/demo/get-score/?interview_id=${failed.interview_id}`,
      undefined,
      withToken(failed.token),
    );
    expect(score.data.result.overall).toEqual({ value: '3.2', status: 'FAIL' });
    expect(Math.round(3.2) * IDENTITY.confidenceMultiplier).toBeLessThan(IDENTITY.confidencePassAt);

    const byPhone = await startSession();
    await api('POST', 'owners/demo-owner/facilities/demo/identity-verification?sendNotification=false', {
      phone: '(217) 555-0199',
      incodeVerificationLink: byPhone.url,
    });
    expect((await sandbox().inject({ url: '/__sandbox/texts' })).json().texts).toEqual([]);
    await sandbox().inject({
      method: 'POST',
      url: `/pages/identity/onboard/${byPhone.interview_id}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pass',
    });
    const phoneScore = await api(
      'GET',
      `facilities/demo/get-score/?interview_id=${byPhone.interview_id}`,
      undefined,
      withToken(byPhone.token),
    );
    expect(phoneScore.data.result.overall.status).toBe('FAIL');
  });

  it('refuses session calls without the token, with another session, and after 15 minutes', async () => {
    const session = await startSession();
    const other = await startSession();
    const url = `facilities/demo/get-status/?id=${session.interview_id}`;
    expect((await api('GET', url)).status).toBe(401);
    expect((await api('GET', url, undefined, withToken(other.token))).status).toBe(404);
    const existing = await api(
      'GET',
      'facilities/demo/get-existing-onboarding-url/?clientId=maple-street-kiosk&liveData=true',
      undefined,
      withToken(session.token),
    );
    expect(existing.data.result).toEqual({ url: session.url, interview_id: session.interview_id });

    now += IDENTITY.tokenLifetimeMs;
    const expired = await api('GET', url, undefined, withToken(session.token));
    expect(expired.status).toBe(401);
    expect(expired.data.code).toBe('IdentityTokenExpired');
  });

  it('answers a 404 page for an unknown onboarding link', async () => {
    const page = await sandbox().inject({ url: '/pages/identity/onboard/iv-unknown' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This link is not valid');
  });
});

describe("the verification answer and the dossier's received state", () => {
  async function submitted() {
    const session = await startSession();
    const dossierId = (await api('POST', 'owners/demo-owner/facilities/demo/dossiers/', {})).data.result.dossier_id;
    const idvId = (
      await api('POST', 'owners/demo-owner/facilities/demo/identity-verification?sendNotification=true', {
        phone: '(217) 555-0182',
        email: '',
        dossierId,
        device: 'kiosk',
        incodeVerificationLink: session.url,
      })
    ).data.result.idvId as string;
    const verify = () =>
      api('POST', `owners/demo-owner/facilities/demo/identity-verification/${idvId}/verify`, {
        owner: 'demo-owner',
        facility: 'demo',
        idv_id: idvId,
        payload: JSON.stringify({ confidence: 90 }),
      });
    const dossierState = async () =>
      (await api('GET', `dossiers/${dossierId}/`)).data.result.verification?.state as string | undefined;
    return { verify, dossierState };
  }
  const control = (url: string, body: unknown) =>
    sandbox().inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it("answers 'received' by default and the dossier says so", async () => {
    const { verify, dossierState } = await submitted();
    expect(await dossierState()).toBeUndefined();
    expect((await verify()).data.result.state).toBe('received');
    expect(await dossierState()).toBe('received');
  });

  it("answers 'sent' when told to; the dossier turns 'received' or 'failed' when the service settles it", async () => {
    expect((await control('/__sandbox/identity/verifications', { answer: 'sent' })).json()).toEqual({ answer: 'sent' });
    const first = await submitted();
    expect((await first.verify()).data.result.state).toBe('sent');
    expect(await first.dossierState()).toBe('sent');
    const settled = (await control('/__sandbox/identity/verifications/settle', { state: 'received' })).json();
    expect(settled.settled).toHaveLength(1);
    expect(await first.dossierState()).toBe('received');

    const second = await submitted();
    await second.verify();
    await control('/__sandbox/identity/verifications/settle', { state: 'failed' });
    expect(await second.dossierState()).toBe('failed');
    // The first one was settled already: it stays received.
    expect(await first.dossierState()).toBe('received');
  });

  it("answers 'failed' when told to, and refuses an answer it does not know", async () => {
    await control('/__sandbox/identity/verifications', { answer: 'failed' });
    const { verify, dossierState } = await submitted();
    expect((await verify()).data.result.state).toBe('failed');
    expect(await dossierState()).toBe('failed');
    expect((await control('/__sandbox/identity/verifications', { answer: 'verified' })).statusCode).toBe(400);
  });
});

describe('earlier verifications (owner items)', () => {
  it('lists the test user’s verified licence with a passport token, and refuses without one', async () => {
    const items = await api('GET', 'owners/demo-owner/items?emailId=tenant@example.com', undefined, {
      authorization: 'Bearer user-token',
    });
    expect(items.data.result).toEqual([
      expect.objectContaining({
        email: 'tenant@example.com',
        verified: true,
        licence: expect.objectContaining({
          number: 'M555-0147-2290',
          name: expect.objectContaining({ firstName: 'Taylor' }),
        }),
        dl_front_url: 'http://sandbox.test/pages/identity/licences/tenant%40example.com.svg',
      }),
    ]);
    expect(
      (await api('GET', 'owners/demo-owner/items?emailId=nobody@example.com', undefined, { authorization: 'x' })).data
        .result,
    ).toEqual([]);
    expect((await api('GET', 'owners/demo-owner/items?emailId=tenant@example.com')).status).toBe(401);
    const image = await sandbox().inject({ url: '/pages/identity/licences/tenant%40example.com.svg' });
    expect(image.headers['content-type']).toContain('image/svg+xml');
  });
});
