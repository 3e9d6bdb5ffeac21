/*
 * Longer than one sitting's ~350 lines on purpose: the phone hand-off is one state machine
 * (sending, waiting, polling, processing, verified or failed) and reads best in one place. The
 * provider's calls are identity/identity-client.ts; the provider session's keeping and the tenant
 * forms' lookups are identity/provider-session.ts and identity/tenant-lookups.ts beside it.
 */
import { IDENTITY, type LicenceScan, type VerificationState } from '@kiosk/shared-types';
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { defaultUpload, IdentityClient, type ImageKind, type Upload } from '../identity/identity-client';
import {
  confidenceOf,
  dossierVerification,
  infoFromSavedDetails,
  infoFromScan,
  maskPhone,
  onlyEmpty,
  passesConfidence,
  receivedCheck,
  type ProviderSession,
  type ReceivedCheck,
} from '../identity/verification';
import { failureLogger } from './failure-log';
import { ProviderSessionKeeper } from './identity/provider-session';
import { TenantLookups } from './identity/tenant-lookups';
import type { RootStore } from './RootStore';

export type { Upload } from '../identity/identity-client';
export { PROVIDER_SESSION_KEY } from './identity/provider-session';

/** Where the phone hand-off stands. */
export type MobileStep = 'idle' | 'sending' | 'waiting' | 'processing';

/** Polling goes on only while the visitor is on one of these (rental §4). */
export const POLLING_SECTIONS: readonly string[] = ['rent_this_space', 'info'];

/** The event name the spec gives an upload failure (rental §8). */
export const UPLOAD_FAILURE_EVENT = 'IDV FILE UPLOAD FAILURE';

/** Catalogue keys of the messages this store sets. */
export const IDENTITY_MESSAGES = {
  failed: 'identity.verify.failed',
  sendFailed: 'identity.mobile.send_failed',
} as const;
export type IdentityMessage = (typeof IDENTITY_MESSAGES)[keyof typeof IDENTITY_MESSAGES];

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

  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private stopWatching: (() => void) | null = null;
  /** Bumped whenever polling stops, so a late answer of an older round is ignored. */
  private pollRound = 0;
  private readonly client: IdentityClient;
  private readonly sessions: ProviderSessionKeeper;
  private readonly lookups: TenantLookups;

  constructor(readonly root: RootStore) {
    const log = failureLogger(root.api, 'Identity', () => root.shell.activeSection);
    this.client = new IdentityClient(
      root.api,
      () => ({ ownerId: root.config.ownerId, facilityId: root.config.facilityId, traceId: root.session.traceId }),
      log,
    );
    this.sessions = new ProviderSessionKeeper(() => root.sessionStorage);
    this.lookups = new TenantLookups(root.api, () => root.config.facilityId);
    makeAutoObservable<this, 'pollTimer' | 'stopWatching' | 'pollRound' | 'client' | 'sessions' | 'lookups'>(
      this,
      {
        root: false,
        client: false,
        sessions: false,
        lookups: false,
        upload: false,
        pollTimer: false,
        stopWatching: false,
        pollRound: false,
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
    const session = this.sessions.fresh();
    if (!session) {
      this.failVerification();
      return;
    }
    const response = await this.client.status(session);
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
   * ONBOARDING_FINISHED: score, scan and images; upload the images; submit to verification; wait
   * for the service's 'received' (awaitReceived); update the dossier; stop polling; fill the info
   * form (or fail).
   */
  private async finish(round: number, session: ProviderSession): Promise<void> {
    runInAction(() => {
      this.mobileStep = 'processing';
    });
    const found = await this.client.scoreAndScan(session);
    if (round !== this.pollRound) return;
    if (!found) {
      this.failVerification();
      return;
    }
    const { score, data } = found;

    const confidence = confidenceOf(score);
    const passed = passesConfidence(confidence);
    const [frontId, selfieId] = await Promise.all([
      this.uploadImage(data.images.croppedFrontID, 'dl_front'),
      this.uploadImage(data.images.selfie, 'selfie'),
    ]);
    // A plain record, so the form encoder JSON-encodes it like any nested value.
    const verification: Record<string, unknown> = { ...dossierVerification(data.ocr, confidence, frontId) };
    const answer = this.idvId
      ? await this.client.submitVerification(this.idvId, {
          interview_id: session.interviewId,
          confidence,
          verification,
          images: { dl_front: frontId, selfie: selfieId },
        })
      : null;
    const dossierId = this.root.rental.pick.dossierId;
    const received = await this.awaitReceived(round, answer, dossierId);
    if (round !== this.pollRound) return;
    if (received !== 'received') {
      this.failVerification();
      return;
    }
    if (dossierId) {
      await this.client.updateDossier(dossierId, {
        verification,
        images: { dl_front: frontId, selfie: selfieId },
        idvId: this.idvId,
        phone: this.phone,
      });
    }
    // The rental sends images only as URLs (checkout/payload.ts): a verified scan's uploaded
    // images are read back as their files' download URLs.
    const [frontUrl, selfieUrl] = passed
      ? await Promise.all([frontId, selfieId].map((id) => (id ? this.client.downloadUrl(id) : null)))
      : [null, null];
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
        dl_front: frontUrl ?? images.croppedFrontID,
        selfie: selfieUrl ?? images.selfie,
      });
      if (this.root.rental.section === 'rent_this_space') this.root.rental.done();
    });
    if (!passed) this.failVerification();
  }

  /**
   * Rental §4: "Dossier polling checks a 'received' state". The verification's answer may already
   * say the service has the submission ('received') or refused it ('failed'); otherwise the
   * dossier is read every poll interval until its verification says so, at most
   * IDENTITY.receivedChecks times. Never received, or no dossier to read, fails the attempt: the
   * visitor is not told they are verified on a check nobody received.
   */
  private async awaitReceived(
    round: number,
    answer: VerificationState | null,
    dossierId: string | null,
  ): Promise<ReceivedCheck> {
    let check = receivedCheck(answer);
    for (let read = 0; check === 'pending' && dossierId && read < IDENTITY.receivedChecks; read++) {
      await new Promise((resolve) => setTimeout(resolve, IDENTITY.pollIntervalMs));
      if (round !== this.pollRound) return 'pending';
      check = receivedCheck(await this.client.dossierState(dossierId));
    }
    return check === 'pending' ? 'failed' : check;
  }

  private failVerification(): void {
    this.stopPolling();
    this.mobileStep = 'idle';
    this.verified = false;
    this.failed = true;
    this.message = IDENTITY_MESSAGES.failed;
  }

  // -- calls ------------------------------------------------------------------------------------

  /** A provider session (reused while its token is fresh), a dossier, then the text. */
  private async sendLink(): Promise<boolean> {
    if (!this.facilityId || !this.root.config.ownerId) return false;
    const session = await this.client.openSession(this.sessions.fresh());
    if (!session) return false;
    this.sessions.keep(session);
    const dossierId = await this.ensureDossier();
    const idvId = await this.client.sendLink(session, {
      email: this.root.rental.model.tenant_email,
      phone: this.phone,
      dossierId,
    });
    if (!idvId) return false;
    runInAction(() => {
      this.idvId = idvId;
    });
    return true;
  }

  /** The hold step creates the dossier (RentalStore); if that failed, try once more here. */
  private async ensureDossier(): Promise<string | null> {
    const { rental } = this.root;
    if (rental.pick.dossierId) return rental.pick.dossierId;
    const id = await this.client.createDossier();
    if (id) rental.setDossierId(id);
    return id;
  }

  private uploadImage(dataUrl: string, kind: ImageKind): Promise<string | null> {
    const attributes = { dossier_id: this.root.rental.pick.dossierId, idv_id: this.idvId };
    return this.client.uploadImage(dataUrl, kind, attributes, this.upload, this.logUploadFailure);
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
    if (!account.loggedIn || !email || !this.root.config.ownerId || this.prefilledFor === email) return;
    this.prefilledFor = email;
    const item = await this.client.previousVerification(email, account.userToken);
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
  }

  // -- lookups for the tenant forms (rental §5, §7) ------------------------------------------------

  /** GET zipcode/: the zip's state code, or null when the zip is not valid or the call fails. */
  lookupZipState(zip: string): Promise<string | null> {
    return this.lookups.zipState(zip);
  }

  /** The phone validation call for 10 national digits (see TenantLookups.validatePhone). */
  validatePhone(digits: string): Promise<boolean> {
    return this.lookups.validatePhone(digits);
  }

  // -- logging ------------------------------------------------------------------------------------

  private logUploadFailure(kind: ImageKind, reason: string): void {
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

  reset(): void {
    this.stopPolling();
    this.sessions.forget();
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
    this.lookups.reset();
  }
}
