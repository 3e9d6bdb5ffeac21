import {
  IDENTITY,
  IDENTITY_TOKEN_HEADER,
  type AppResponse,
  type ExistingOnboarding,
  type FileUploadTicket,
  type IdentityOcrImageData,
  type IdentityScore,
  type IdentitySession,
  type IdentityStatusResult,
  type IdentityVerificationCreated,
  type IdentityVerifyResult,
  type LicenceScan,
  type PhoneValidation,
  type VerifiedOwnerItem,
  type ZipcodeLookup,
} from '@kiosk/shared-types';
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { Fields } from '../api/client';
import {
  confidenceOf,
  dataUrlToBlob,
  dossierVerification,
  extensionOf,
  infoFromSavedDetails,
  infoFromScan,
  isSessionFresh,
  maskPhone,
  onlyEmpty,
  parseProviderSession,
  passesConfidence,
  type ProviderSession,
} from '../identity/verification';
import type { RootStore } from './RootStore';
import { kioskStorageKey } from './storage';

/** Where the phone hand-off stands. */
export type MobileStep = 'idle' | 'sending' | 'waiting' | 'processing';

/** Polling goes on only while the visitor is on one of these (rental §4). */
export const POLLING_SECTIONS: readonly string[] = ['rent_this_space', 'info'];

/** Where the provider session is kept: sessionStorage, wiped with every kiosk key at session end. */
export const PROVIDER_SESSION_KEY = kioskStorageKey('identity-session');

/** The event name the spec gives an upload failure (rental §8). */
export const UPLOAD_FAILURE_EVENT = 'IDV FILE UPLOAD FAILURE';

/** Catalogue keys of the messages this store sets. */
export const IDENTITY_MESSAGES = {
  failed: 'identity.verify.failed',
  sendFailed: 'identity.mobile.send_failed',
} as const;
export type IdentityMessage = (typeof IDENTITY_MESSAGES)[keyof typeof IDENTITY_MESSAGES];

export type Upload = (url: string, body: FormData) => Promise<{ ok: boolean; status: number }>;

const defaultUpload: Upload = async (url, body) => {
  const response = await fetch(url, { method: 'POST', body });
  return { ok: response.ok, status: response.status };
};

/**
 * Identity verification (rental spec §2 "Verify identity", §4 "Identity verification", §7):
 * the phone hand-off (text with the provider's link, status polled every 3 s), the score, scan
 * and images once the phone is done, the upload, the verification request and the dossier
 * update; the manual path; and a logged-in visitor's earlier verification.
 *
 * While polling, `dossierPolling` is true: SessionStore reports it and the daemon holds back the
 * idle warning. The provider token is kept 15 minutes, in memory and in sessionStorage (which
 * the session end clears).
 */
export class IdentityStore {
  dossierPolling = false;
  mobileStep: MobileStep = 'idle';
  /** The phone the text went to, as typed (masked). */
  phone = '';
  idvId: string | null = null;
  /** The confidence check passed (or a logged-in visitor was verified before). */
  verified = false;
  /** The failed-attempt flag (rental §8). */
  failed = false;
  message: IdentityMessage | null = null;
  scan: LicenceScan | null = null;
  /** The scanned licence front (data URL or URL) for the 'Identity Verified' banner. */
  licenceImage: string | null = null;
  confidence: number | null = null;
  /** The visitor chose 'Manually Verify ID'. */
  manual = false;
  /** Resend Text is on its way. */
  resending = false;
  /** The e-mail whose saved details and earlier verification were loaded (logged-in visitors). */
  prefilledFor: string | null = null;
  /** Bumped whenever saved details or an earlier verification filled the model: info re-reads it. */
  prefillVersion = 0;

  /** The multipart POST to an upload URL (tests replace it). */
  upload: Upload = defaultUpload;

  private session: ProviderSession | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private stopWatching: (() => void) | null = null;
  /** Bumped whenever polling stops, so a late answer of an older round is ignored. */
  private pollRound = 0;
  private readonly phoneChecks = new Map<string, Promise<boolean>>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'session' | 'pollTimer' | 'stopWatching' | 'pollRound' | 'phoneChecks'>(
      this,
      {
        root: false,
        upload: false,
        session: false,
        pollTimer: false,
        stopWatching: false,
        pollRound: false,
        phoneChecks: false,
      },
      { autoBind: true },
    );
  }

  /** 'Manually Verify ID' is offered unless the facility requires a driver licence. */
  get manualAllowed(): boolean {
    return !this.root.config.facility?.driver_license_required;
  }

  private get facilityId(): string | null {
    return this.root.config.facilityId;
  }

  private get ownerId(): string | null {
    return this.root.config.ownerId;
  }

  // -- the phone hand-off -------------------------------------------------------------------------

  /**
   * 'Verify ID by mobile number': open (or reuse) a provider session, text its link to `phone`
   * and poll until the phone side is done. Resolves true when the text went out.
   */
  async startMobile(phone: string): Promise<boolean> {
    if (this.mobileStep === 'sending' || this.mobileStep === 'processing') return false;
    this.stopPolling();
    this.phone = phone;
    this.failed = false;
    this.message = null;
    this.mobileStep = 'sending';
    const sent = await this.sendLink();
    runInAction(() => {
      if (!sent) {
        this.mobileStep = 'idle';
        this.message = IDENTITY_MESSAGES.sendFailed;
        return;
      }
      this.startPolling();
      this.mobileStep = 'waiting';
    });
    return sent;
  }

  /** Resend Text: the same link again (a new session when the old one is gone). */
  async resendText(): Promise<boolean> {
    if (this.mobileStep !== 'waiting' || this.resending) return false;
    this.resending = true;
    this.message = null;
    const sent = await this.sendLink();
    runInAction(() => {
      this.resending = false;
      if (!sent) this.message = IDENTITY_MESSAGES.sendFailed;
    });
    return sent;
  }

  /** 'Return to this device': stop waiting for the phone (the token stays for a later resend). */
  returnToDevice(): void {
    this.stopPolling();
    this.mobileStep = 'idle';
    this.message = null;
  }

  /** 'Manually Verify ID': on to info with an empty form (never when a licence is required). */
  chooseManual(): void {
    if (!this.manualAllowed) return;
    this.stopPolling();
    this.manual = true;
    this.mobileStep = 'idle';
    this.message = null;
    this.root.rental.done();
  }

  stopPolling(): void {
    this.pollRound += 1;
    if (this.pollTimer !== null) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    this.stopWatching?.();
    this.stopWatching = null;
    this.dossierPolling = false;
    if (this.mobileStep === 'waiting') this.mobileStep = 'idle';
  }

  private startPolling(): void {
    this.stopPolling();
    this.dossierPolling = true;
    const round = this.pollRound;
    // Leaving rent_this_space or info (another step, the space list, another kiosk section) stops it.
    this.stopWatching = reaction(
      () => this.root.shell.activeSection,
      (section) => {
        if (!POLLING_SECTIONS.includes(section)) this.stopPolling();
      },
    );
    this.schedule(round);
  }

  private schedule(round: number): void {
    this.pollTimer = setTimeout(() => void this.pollOnce(round), IDENTITY.pollIntervalMs);
  }

  private async pollOnce(round: number): Promise<void> {
    this.pollTimer = null;
    const session = this.freshSession();
    if (!session) {
      this.failVerification();
      return;
    }
    let response: AppResponse<IdentityStatusResult> | null = null;
    try {
      response = await this.providerCall<IdentityStatusResult>('identityStatus', session, { id: session.interviewId });
    } catch (error) {
      this.log('identity status', error);
    }
    if (round !== this.pollRound) return;
    if (response?.status === 'ok' && response.result.onboardingStatus === 'ONBOARDING_FINISHED') {
      await this.finish(round, session);
      return;
    }
    if (response?.status === 'error' && response.code?.startsWith('IdentityToken')) {
      this.failVerification();
      return;
    }
    this.schedule(round);
  }

  /**
   * ONBOARDING_FINISHED: score, scan and images; upload the images; submit to verification;
   * update the dossier; stop polling; fill the info form (or fail).
   */
  private async finish(round: number, session: ProviderSession): Promise<void> {
    runInAction(() => {
      this.mobileStep = 'processing';
    });
    let score: IdentityScore | null = null;
    let data: IdentityOcrImageData | null = null;
    try {
      const query = { interview_id: session.interviewId };
      const [scoreResponse, ocrResponse] = await Promise.all([
        this.providerCall<IdentityScore>('identityScore', session, query),
        this.providerCall<IdentityOcrImageData>('identityOcr', session, query),
      ]);
      if (scoreResponse.status === 'ok') score = scoreResponse.result;
      if (ocrResponse.status === 'ok') data = ocrResponse.result;
    } catch (error) {
      this.log('identity score or scan', error);
    }
    if (round !== this.pollRound) return;
    if (!score || !data) {
      this.failVerification();
      return;
    }

    const confidence = confidenceOf(score);
    const passed = passesConfidence(confidence);
    const [frontId, selfieId] = await Promise.all([
      this.uploadImage(data.images.croppedFrontID, 'dl_front'),
      this.uploadImage(data.images.selfie, 'selfie'),
    ]);
    // A plain record, so the form encoder JSON-encodes it like any nested value.
    const verification: Record<string, unknown> = { ...dossierVerification(data.ocr, confidence, frontId) };
    await this.submitVerification({
      interview_id: session.interviewId,
      confidence,
      verification,
      images: { dl_front: frontId, selfie: selfieId },
    });
    await this.updateDossier({
      verification,
      images: { dl_front: frontId, selfie: selfieId },
      idvId: this.idvId,
      phone: this.phone,
    });
    if (round !== this.pollRound) return;

    const scan = data.ocr;
    const images = data.images;
    runInAction(() => {
      this.stopPolling();
      this.confidence = confidence;
      this.mobileStep = 'idle';
      if (!passed) return;
      this.verified = true;
      this.failed = false;
      this.scan = scan;
      this.licenceImage = images.croppedFrontID;
      this.root.rental.setFields({
        ...infoFromScan(scan),
        tenant_phone: this.phone,
        dl_front: images.croppedFrontID,
        selfie: images.selfie,
      });
      if (this.root.rental.section === 'rent_this_space') this.root.rental.done();
    });
    if (!passed) this.failVerification();
  }

  private failVerification(): void {
    this.stopPolling();
    this.mobileStep = 'idle';
    this.verified = false;
    this.failed = true;
    this.message = IDENTITY_MESSAGES.failed;
  }

  // -- calls --------------------------------------------------------------------------------------

  /** A provider session (reused while its token is fresh), a dossier, then the text. */
  private async sendLink(): Promise<boolean> {
    const facility = this.facilityId;
    const owner = this.ownerId;
    if (!facility || !owner) return false;
    const session = await this.ensureProviderSession(facility);
    if (!session) return false;
    const dossierId = await this.ensureDossier();
    try {
      const response = await this.root.api.call<IdentityVerificationCreated>(
        'identityVerification',
        { owner, facility },
        {
          query: { sendNotification: true },
          form: {
            email: this.root.rental.model.tenant_email,
            phone: this.phone,
            dossierId: dossierId ?? '',
            device: 'kiosk',
            incodeVerificationLink: session.url,
          },
        },
      );
      if (response.status !== 'ok') {
        this.log('identity verification', response);
        return false;
      }
      runInAction(() => {
        this.idvId = response.result.idvId;
      });
      return true;
    } catch (error) {
      this.log('identity verification', error);
      return false;
    }
  }

  private async ensureProviderSession(facility: string): Promise<ProviderSession | null> {
    const existing = this.freshSession();
    if (existing) {
      try {
        const response = await this.providerCall<ExistingOnboarding>('existingOnboardingUrl', existing, {
          clientId: existing.clientId,
          liveData: true,
        });
        if (response.status === 'ok') {
          const reused = { ...existing, url: response.result.url, interviewId: response.result.interview_id };
          this.keepSession(reused);
          return reused;
        }
      } catch (error) {
        this.log('existing onboarding url', error);
      }
    }
    try {
      const response = await this.root.api.call<IdentitySession>(
        'generateIdentitySession',
        { facility },
        { query: { liveData: true } },
      );
      if (response.status !== 'ok') {
        this.log('identity session', response);
        return null;
      }
      const { url, interview_id, clientId, token } = response.result;
      const session: ProviderSession = {
        token,
        url,
        interviewId: interview_id,
        clientId,
        expiresAt: Date.now() + IDENTITY.tokenLifetimeMs,
      };
      this.keepSession(session);
      return session;
    } catch (error) {
      this.log('identity session', error);
      return null;
    }
  }

  /** The hold step creates the dossier (RentalStore); if that failed, try once more here. */
  private async ensureDossier(): Promise<string | null> {
    const { rental } = this.root;
    if (rental.dossierId) return rental.dossierId;
    const facility = this.facilityId;
    const owner = this.ownerId;
    if (!facility || !owner) return null;
    const now = Math.floor(Date.now() / 1000);
    try {
      const response = await this.root.api.call<{ dossier_id: string }>(
        'createDossier',
        { owner, facility },
        {
          form: { owner, facility, created_time: now, updated_time: now, trace_id: this.root.session.traceId ?? '' },
        },
      );
      if (response.status !== 'ok') {
        this.log('create dossier', response);
        return null;
      }
      const id = response.result.dossier_id;
      runInAction(() => {
        rental.dossierId = id;
      });
      return id;
    } catch (error) {
      this.log('create dossier', error);
      return null;
    }
  }

  /** files call, then the multipart POST to its upload URL. A failure is logged; the flow goes on. */
  private async uploadImage(dataUrl: string, kind: 'dl_front' | 'selfie'): Promise<string | null> {
    const owner = this.ownerId;
    const facility = this.facilityId;
    const blob = dataUrlToBlob(dataUrl);
    if (!owner || !facility || !blob) {
      this.logUploadFailure(kind, 'no image');
      return null;
    }
    const fileName = `${kind}.${extensionOf(blob.type)}`;
    try {
      const response = await this.root.api.call<FileUploadTicket>(
        'createFile',
        { owner },
        {
          form: {
            content_type: blob.type,
            file_name: fileName,
            file_type: 'mitek',
            facility_id: facility,
            attributes: { kind, dossier_id: this.root.rental.dossierId, idv_id: this.idvId },
          },
        },
      );
      if (response.status !== 'ok') {
        this.logUploadFailure(kind, response.message ?? response.code ?? 'files call failed');
        return null;
      }
      const ticket = response.result;
      const form = new FormData();
      for (const [name, value] of Object.entries(ticket.upload_fields ?? {})) form.append(name, value);
      form.append('file', blob, fileName);
      const uploaded = await this.upload(ticket.upload_url, form);
      if (!uploaded.ok) {
        this.logUploadFailure(kind, `upload answered ${uploaded.status}`);
        return null;
      }
      return ticket.file_id;
    } catch (error) {
      this.logUploadFailure(kind, error instanceof Error ? error.message : String(error));
      return null;
    }
  }

  private async submitVerification(payload: Fields): Promise<void> {
    const owner = this.ownerId;
    const facility = this.facilityId;
    const idvId = this.idvId;
    if (!owner || !facility || !idvId) return;
    try {
      const response = await this.root.api.call<IdentityVerifyResult>(
        'identityVerify',
        { owner, facility, idvId },
        { form: { owner, facility, idv_id: idvId, payload } },
      );
      if (response.status !== 'ok') this.log('identity verify', response);
    } catch (error) {
      this.log('identity verify', error);
    }
  }

  private async updateDossier(parts: Fields): Promise<void> {
    const dossierId = this.root.rental.dossierId;
    if (!dossierId) return;
    try {
      const response = await this.root.api.call('updateDossier', { dossierId }, { form: parts });
      if (response.status !== 'ok') this.log('update dossier', response);
    } catch (error) {
      this.log('update dossier', error);
    }
  }

  private providerCall<R>(
    name: 'identityStatus' | 'identityScore' | 'identityOcr' | 'existingOnboardingUrl',
    session: ProviderSession,
    query: Record<string, string | boolean>,
  ): Promise<AppResponse<R>> {
    const facility = this.facilityId ?? '';
    return this.root.api.call<R>(name, { facility }, { query, headers: { [IDENTITY_TOKEN_HEADER]: session.token } });
  }

  // -- logged-in visitors -------------------------------------------------------------------------

  /** Login from the rental popup succeeded: no phone hand-off any more; on to info (rental §4). */
  afterLogin(): void {
    this.stopPolling();
    this.mobileStep = 'idle';
    this.message = null;
    this.failed = false;
    this.root.rental.goTo('info');
  }

  /**
   * While info shows for a logged-in visitor: their saved details (now, and when they arrive) and
   * their earlier verification fill the empty fields. Returns the disposer.
   */
  followAccountDetails(): () => void {
    void this.loadPreviousVerification();
    return reaction(
      () => this.root.account.userDetails,
      (details) => {
        if (!details) return;
        const patch = onlyEmpty(this.root.rental.model, infoFromSavedDetails(details));
        if (Object.keys(patch).length === 0) return;
        this.root.rental.setFields(patch);
        this.prefillVersion += 1;
      },
      { fireImmediately: true },
    );
  }

  /**
   * A logged-in visitor: their earlier verification (owner items, with the passport token) fills
   * the licence and shows 'Identity Verified'. Runs once per e-mail.
   */
  async loadPreviousVerification(): Promise<void> {
    const { account } = this.root;
    const email = account.email;
    const owner = this.ownerId;
    if (!account.loggedIn || !email || !owner || this.prefilledFor === email) return;
    this.prefilledFor = email;
    try {
      const response = await this.root.api.call<VerifiedOwnerItem[]>(
        'ownerItems',
        { owner },
        {
          query: { emailId: email },
          headers: account.userToken ? { authorization: `Bearer ${account.userToken}` } : {},
        },
      );
      if (response.status !== 'ok' || !Array.isArray(response.result)) return;
      const item = response.result.find((candidate) => candidate.verified);
      if (!item) return;
      runInAction(() => {
        this.verified = true;
        this.failed = false;
        this.message = null;
        this.scan = item.licence;
        this.licenceImage = item.dl_front_url;
        const fill = { ...infoFromScan(item.licence), tenant_email: email, tenant_phone: maskPhone(item.phone) };
        this.root.rental.setFields({ ...onlyEmpty(this.root.rental.model, fill), dl_front: item.dl_front_url });
        this.prefillVersion += 1;
      });
    } catch (error) {
      this.log('earlier verification', error);
    }
  }

  // -- lookups for the tenant forms (rental §5, §7) ------------------------------------------------

  /** GET zipcode/: the zip's state code, or null when the zip is not valid or the call fails. */
  async lookupZipState(zip: string): Promise<string | null> {
    const facility = this.facilityId;
    if (!facility) return null;
    try {
      const response = await this.root.api.call<ZipcodeLookup>(
        'zipcode',
        { facility },
        { query: { zipcode: zip }, latestKey: 'zipcode' },
      );
      return response.status === 'ok' && response.result.state_code ? response.result.state_code : null;
    } catch {
      return null;
    }
  }

  /**
   * The phone validation call (country code 1) for 10 national digits: true when valid. A failed
   * call rejects (the phone rule shows 'Invalid Cell Phone Number'); answers are remembered.
   */
  validatePhone(digits: string): Promise<boolean> {
    const known = this.phoneChecks.get(digits);
    if (known) return known;
    const check = this.root.api
      .raw<{ data?: PhoneValidation }>('validatePhone', {}, { query: { phone_number: digits, country_code: 1 } })
      .then((body) => body?.data?.is_valid === true);
    this.phoneChecks.set(digits, check);
    // A failure is not remembered: the next check asks again.
    check.catch(() => this.phoneChecks.delete(digits));
    return check;
  }

  // -- provider token -----------------------------------------------------------------------------

  private freshSession(): ProviderSession | null {
    const now = Date.now();
    if (isSessionFresh(this.session, now)) return this.session;
    const stored = parseProviderSession(this.root.sessionStorage?.getItem(PROVIDER_SESSION_KEY) ?? null);
    if (isSessionFresh(stored, now)) {
      this.session = stored;
      return stored;
    }
    this.forgetSession();
    return null;
  }

  private keepSession(session: ProviderSession): void {
    this.session = session;
    try {
      this.root.sessionStorage?.setItem(PROVIDER_SESSION_KEY, JSON.stringify(session));
    } catch {
      // storage full or refused: memory is enough for this visit
    }
  }

  private forgetSession(): void {
    this.session = null;
    this.root.sessionStorage?.removeItem(PROVIDER_SESSION_KEY);
  }

  // -- logging ------------------------------------------------------------------------------------

  private logUploadFailure(kind: string, reason: string): void {
    this.root.api
      .postLog({
        event_name: UPLOAD_FAILURE_EVENT,
        action: 'idv_file_upload',
        active_section: this.root.shell.activeSection,
        log_level: 'error',
        data: { file: kind, reason, idv_id: this.idvId },
      })
      .catch(() => undefined);
  }

  private log(action: string, detail: unknown): void {
    const message = detail instanceof Error ? detail.message : detail;
    this.root.api
      .postLog({
        event_name: `Identity ${action} failed`,
        action,
        active_section: this.root.shell.activeSection,
        log_level: 'warn',
        data: { detail: message as unknown },
      })
      .catch(() => undefined);
  }

  reset(): void {
    this.stopPolling();
    this.forgetSession();
    this.mobileStep = 'idle';
    this.phone = '';
    this.idvId = null;
    this.verified = false;
    this.failed = false;
    this.message = null;
    this.scan = null;
    this.licenceImage = null;
    this.confidence = null;
    this.manual = false;
    this.resending = false;
    this.prefilledFor = null;
    this.prefillVersion = 0;
    this.phoneChecks.clear();
  }
}
