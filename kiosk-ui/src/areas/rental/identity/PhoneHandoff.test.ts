import { IDENTITY } from '@kiosk/shared-types';
import { runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modelFields } from '../checkout/payload';
import { en } from '../../../forms/messages';
import { wrapped } from '../../../test/fakes';
import { FRONT, setup } from './identity-test-fixtures';
import { UPLOAD_FAILURE_EVENT } from './PhoneHandoff';
import { PROVIDER_SESSION_KEY } from './ProviderSessionKeeper';

const STATUS = '/api/facilities/demo/get-status/';

beforeEach(() => {
  vi.useFakeTimers();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PhoneHandoff: texting the link and polling', () => {
  it('texts the link, polls every 3 s with the provider token, and on ONBOARDING_FINISHED verifies and fills info', async () => {
    const { root, world, calls, uploads } = setup();
    expect(await root.identity.handoff.start('(217) 555-0182')).toBe(true);

    const [text] = calls('POST', '/api/owners/demo-owner/facilities/demo/identity-verification');
    expect(text!.query.get('sendNotification')).toBe('true');
    const form = new URLSearchParams(text!.body);
    expect(form.get('phone')).toBe('(217) 555-0182');
    expect(form.get('incodeVerificationLink')).toBe('http://sandbox.test/pages/identity/onboard/iv-1');
    expect(form.get('dossierId')).toBe('dossier-1');
    expect(root.identity.handoff.step).toBe('waiting');
    expect(root.identity.handoff.dossierPolling).toBe(true);
    expect(root.session.context.dossierPolling).toBe(true);

    expect(calls('GET', STATUS)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);
    expect(calls('GET', STATUS)).toHaveLength(1);
    expect(calls('GET', STATUS)[0]!.headers['x-identity-token']).toBe('tok-1');
    expect(calls('GET', STATUS)[0]!.query.get('id')).toBe('iv-1');
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);
    expect(calls('GET', STATUS)).toHaveLength(2);

    world.status = 'ONBOARDING_FINISHED';
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);

    expect(root.identity.verified).toBe(true);
    expect(root.identity.failed).toBe(false);
    expect(root.identity.confidence).toBe(90);
    expect(root.identity.handoff.dossierPolling).toBe(false);
    expect(root.rental.section).toBe('info');
    expect(root.rental.model).toMatchObject({
      tenant_first_name: 'Jordan',
      tenant_last_name: 'Avery',
      tenant_phone: '(217) 555-0182',
      mailing_address1: '742 Evergreen Terrace',
      mailing_city: 'Springfield',
      mailing_state: 'IL',
      mailing_zip: '62704',
      driving_lis_no: 'A123-4567-8901',
      driving_lis_state: 'IL',
      driving_lis_expiry: '03/14/2030',
      // The model carries the uploaded files' URLs; the banner shows the scan already in memory.
      dl_front: 'http://sandbox.test/files/file-1',
      selfie: 'http://sandbox.test/files/file-2',
    });
    expect(root.identity.licenceImage).toBe(FRONT);

    // Both images: files call, then the multipart POST with the ticket's fields and the file.
    expect(calls('POST', '/api/owners/demo-owner/files/')).toHaveLength(2);
    expect(new URLSearchParams(calls('POST', '/api/owners/demo-owner/files/')[0]!.body).get('file_type')).toBe('mitek');
    expect(uploads.map((upload) => upload.url).sort()).toEqual([
      'http://sandbox.test/up/1',
      'http://sandbox.test/up/2',
    ]);
    expect(uploads[0]!.body.get('signature')).toBe('s');
    expect(uploads[0]!.body.get('file')).toBeInstanceOf(Blob);

    const [verify] = calls('POST', '/api/owners/demo-owner/facilities/demo/identity-verification/idv-1/verify');
    expect(JSON.parse(new URLSearchParams(verify!.body).get('payload')!)).toMatchObject({
      interview_id: 'iv-1',
      confidence: 90,
    });
    const [dossier] = calls('PUT', '/api/dossiers/dossier-1/');
    const parts = new URLSearchParams(dossier!.body);
    expect(JSON.parse(parts.get('verification')!)).toMatchObject({
      state: 'verified',
      authenticated: true,
      probability: 90,
      documentNumber: 'A123-4567-8901',
      image: 'file-1',
    });
    expect(parts.get('idvId')).toBe('idv-1');

    // Polling has stopped for good.
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs * 5);
    expect(calls('GET', STATUS)).toHaveLength(3);
  });

  it('fails below the confidence threshold: retry message, failed flag, polling stopped, still on rent_this_space', async () => {
    const { root, world, calls } = setup({ world: { score: '3.2' } });
    await root.identity.handoff.start('(217) 555-0182');
    world.status = 'ONBOARDING_FINISHED';
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);

    expect(root.identity.verified).toBe(false);
    expect(root.identity.failed).toBe(true);
    expect(root.identity.confidence).toBe(30);
    expect(en(root.identity.message)).toBe('Oops! Identity Verification failed. Please try again.');
    expect(root.identity.handoff.dossierPolling).toBe(false);
    expect(root.rental.section).toBe('rent_this_space');
    expect(root.rental.model.tenant_first_name).toBe('');
    expect(
      JSON.parse(new URLSearchParams(calls('PUT', '/api/dossiers/dossier-1/')[0]!.body).get('verification')!),
    ).toMatchObject({
      state: 'failed',
      authenticated: false,
    });
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs * 3);
    expect(calls('GET', STATUS)).toHaveLength(1);
    // A failed scan's images are not read back.
    expect(calls('GET', '/api/owners/demo-owner/files/file-1/')).toHaveLength(0);
  });

  it('an image whose file cannot be read back stays out of the model; the verification goes on', async () => {
    const { root, world } = setup({
      override: {
        'GET /api/owners/demo-owner/files/file-1/': {
          body: { application_data: { status: 'error', code: 'FileNotFound', message: 'No file.' } },
        },
      },
    });
    await root.identity.handoff.start('(217) 555-0182');
    world.status = 'ONBOARDING_FINISHED';
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);
    expect(root.identity.verified).toBe(true);
    expect(root.rental.model.selfie).toBe('http://sandbox.test/files/file-2');
    expect(modelFields(root.rental.model)).not.toHaveProperty('dl_front');
    expect(modelFields(root.rental.model).selfie).toBe('http://sandbox.test/files/file-2');
  });

  it('a rounded score of 7 (6.5) is exactly the threshold and passes; 6.4 does not', async () => {
    const passing = setup({ world: { score: '6.5', status: 'ONBOARDING_FINISHED' } });
    await passing.root.identity.handoff.start('(217) 555-0182');
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);
    expect(passing.root.identity.verified).toBe(true);

    const failing = setup({ world: { score: '6.4', status: 'ONBOARDING_FINISHED' } });
    await failing.root.identity.handoff.start('(217) 555-0182');
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);
    expect(failing.root.identity.failed).toBe(true);
  });

  it('stops polling when the visitor leaves rent_this_space (back to the space list, or another kiosk section)', async () => {
    const { root, calls } = setup();
    await root.identity.handoff.start('(217) 555-0182');
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);
    expect(calls('GET', STATUS)).toHaveLength(1);

    runInAction(() => root.rental.cancel());
    expect(root.rental.section).toBe('detail_page');
    expect(root.identity.handoff.dossierPolling).toBe(false);
    expect(root.session.context.dossierPolling).toBe(false);
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs * 4);
    expect(calls('GET', STATUS)).toHaveLength(1);

    runInAction(() => root.rental.goTo('rent_this_space'));
    await root.identity.handoff.start('(217) 555-0182');
    expect(root.identity.handoff.dossierPolling).toBe(true);
    runInAction(() => {
      root.shell.section = 'home';
    });
    expect(root.identity.handoff.dossierPolling).toBe(false);
  });

  it('keeps polling on info, stops on the step after it', async () => {
    const { root, calls } = setup();
    await root.identity.handoff.start('(217) 555-0182');
    runInAction(() => root.rental.goTo('info'));
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);
    expect(calls('GET', STATUS)).toHaveLength(1);
    runInAction(() => root.rental.goTo('secondary_contact'));
    expect(root.identity.handoff.dossierPolling).toBe(false);
  });

  it("'Return to this device' stops waiting; Resend Text reuses the session's link while the token is fresh", async () => {
    const { root, world, calls } = setup();
    await root.identity.handoff.start('(217) 555-0182');
    expect(await root.identity.handoff.resendText()).toBe(true);
    expect(calls('GET', '/api/facilities/demo/get-existing-onboarding-url/')).toHaveLength(1);
    expect(calls('POST', '/api/owners/demo-owner/facilities/demo/identity-verification')).toHaveLength(2);
    expect(world.sessions).toBe(1);

    root.identity.handoff.returnToDevice();
    expect(root.identity.handoff.step).toBe('idle');
    expect(root.identity.handoff.dossierPolling).toBe(false);

    // The token lives 15 minutes: after that a new provider session is opened.
    await vi.advanceTimersByTimeAsync(IDENTITY.tokenLifetimeMs);
    await root.identity.handoff.start('(217) 555-0182');
    expect(world.sessions).toBe(2);
    expect(JSON.parse(window.sessionStorage.getItem(PROVIDER_SESSION_KEY)!)).toMatchObject({ token: 'tok-2' });
  });

  it('keeps the provider token in sessionStorage, which the session end clears', async () => {
    const { root } = setup();
    await root.identity.handoff.start('(217) 555-0182');
    expect(window.sessionStorage.getItem(PROVIDER_SESSION_KEY)).toContain('tok-1');
    root.resetAll();
    expect(window.sessionStorage.getItem(PROVIDER_SESSION_KEY)).toBeNull();
    expect(root.identity.handoff.dossierPolling).toBe(false);
  });

  it("logs 'IDV FILE UPLOAD FAILURE' when an upload fails, and still verifies", async () => {
    const { root, world, calls, failUploads } = setup();
    failUploads();
    await root.identity.handoff.start('(217) 555-0182');
    world.status = 'ONBOARDING_FINISHED';
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);
    const logged = calls('POST', '/log').map((request) => JSON.parse(request.body!) as { event_name: string });
    expect(logged.filter((entry) => entry.event_name === UPLOAD_FAILURE_EVENT)).toHaveLength(2);
    expect(root.identity.verified).toBe(true);
    expect(JSON.parse(new URLSearchParams(calls('PUT', '/api/dossiers/dossier-1/')[0]!.body).get('images')!)).toEqual({
      dl_front: null,
      selfie: null,
    });
  });

  it('says so when the text cannot be sent, and does not poll', async () => {
    const { root, calls } = setup({
      override: {
        'POST /api/owners/demo-owner/facilities/demo/identity-verification': {
          body: { application_data: { status: 'error', code: 'InvalidPhone', message: 'Invalid Cell Phone Number' } },
        },
      },
    });
    expect(await root.identity.handoff.start('(217) 555-0182')).toBe(false);
    expect(root.identity.handoff.step).toBe('idle');
    expect(en(root.identity.message)).toBe('We could not send the text message. Please try again.');
    expect(root.identity.handoff.dossierPolling).toBe(false);
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs * 2);
    expect(calls('GET', STATUS)).toHaveLength(0);
  });
});

describe("PhoneHandoff: the verification service's 'received' state", () => {
  const VERIFY = '/api/owners/demo-owner/facilities/demo/identity-verification/idv-1/verify';
  const DOSSIER = '/api/dossiers/dossier-1/';

  /** The verification answers `answer`; each dossier read answers the next of `states` (then the last). */
  function withAnswers(answer: string, states: (string | null)[] = []) {
    let reads = 0;
    return setup({
      world: { status: 'ONBOARDING_FINISHED' },
      override: {
        [`POST ${VERIFY}`]: { body: wrapped({ idvId: 'idv-1', state: answer }) },
        [`GET ${DOSSIER}`]: () => {
          const state = states[Math.min(reads++, states.length - 1)] ?? null;
          return { body: wrapped({ dossierId: 'dossier-1', verification: state === null ? null : { state } }) };
        },
      },
    });
  }

  it("goes on at once when the answer says 'received' (no dossier read)", async () => {
    const { root, calls } = withAnswers('received');
    await root.identity.handoff.start('(217) 555-0182');
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);
    expect(root.identity.verified).toBe(true);
    expect(calls('GET', DOSSIER)).toHaveLength(0);
  });

  it("reads the dossier every poll interval until it says 'received', then verifies", async () => {
    const { root, calls } = withAnswers('sent', [null, 'sent', 'received']);
    await root.identity.handoff.start('(217) 555-0182');
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);
    expect(root.identity.handoff.step).toBe('processing');
    expect(root.identity.handoff.dossierPolling).toBe(true);
    expect(calls('GET', DOSSIER)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs * 2);
    expect(calls('GET', DOSSIER)).toHaveLength(2);
    expect(root.identity.verified).toBe(false);
    expect(calls('PUT', DOSSIER)).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);
    expect(calls('GET', DOSSIER)).toHaveLength(3);
    expect(root.identity.verified).toBe(true);
    expect(root.rental.section).toBe('info');
    expect(JSON.parse(new URLSearchParams(calls('PUT', DOSSIER)[0]!.body).get('verification')!)).toMatchObject({
      state: 'verified',
    });
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs * 3);
    expect(calls('GET', DOSSIER)).toHaveLength(3);
  });

  it("fails with the retry message when the answer or the dossier says 'failed'", async () => {
    const refused = withAnswers('failed');
    await refused.root.identity.handoff.start('(217) 555-0182');
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs);
    expect(refused.root.identity.failed).toBe(true);
    expect(en(refused.root.identity.message)).toBe('Oops! Identity Verification failed. Please try again.');
    expect(refused.root.rental.section).toBe('rent_this_space');
    expect(refused.calls('GET', DOSSIER)).toHaveLength(0);

    const later = withAnswers('sent', ['sent', 'failed']);
    await later.root.identity.handoff.start('(217) 555-0182');
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs * 3);
    expect(later.root.identity.failed).toBe(true);
    expect(later.root.identity.verified).toBe(false);
    expect(later.root.identity.handoff.dossierPolling).toBe(false);
    expect(later.calls('PUT', DOSSIER)).toHaveLength(0);
  });

  it('gives up after IDENTITY.receivedChecks reads that never say received', async () => {
    const { root, calls } = withAnswers('sent', ['sent']);
    await root.identity.handoff.start('(217) 555-0182');
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs * (IDENTITY.receivedChecks + 1));
    expect(calls('GET', DOSSIER)).toHaveLength(IDENTITY.receivedChecks);
    expect(root.identity.failed).toBe(true);
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs * 3);
    expect(calls('GET', DOSSIER)).toHaveLength(IDENTITY.receivedChecks);
  });

  it('stops reading the dossier when the visitor goes back to the space list', async () => {
    const { root, calls } = withAnswers('sent', ['sent']);
    await root.identity.handoff.start('(217) 555-0182');
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs * 2);
    expect(calls('GET', DOSSIER)).toHaveLength(1);
    runInAction(() => root.rental.cancel());
    await vi.advanceTimersByTimeAsync(IDENTITY.pollIntervalMs * 4);
    expect(calls('GET', DOSSIER)).toHaveLength(1);
    expect(root.identity.failed).toBe(false);
  });
});
