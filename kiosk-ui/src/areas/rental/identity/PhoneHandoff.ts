import { IDENTITY, type LicenceScan, type VerificationState } from '@kiosk/shared-types';
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { defaultUpload, type IdentityClient, type ImageKind, type Upload } from './identity-client';
import {
  confidenceOf,
  dossierVerification,
  passesConfidence,
  receivedCheck,
  type ProviderSession,
  type ReceivedCheck,
} from './verification';
import type { IdentityStore } from '../IdentityStore';
import { ProviderSessionKeeper } from './ProviderSessionKeeper';

/** Where the phone hand-off stands. */
export type MobileStep = 'idle' | 'sending' | 'waiting' | 'processing';

/** Polling goes on only while the visitor is on one of these (rental §4). */
export const POLLING_SECTIONS: readonly string[] = ['rent_this_space', 'info'];

/** The event name the spec gives an upload failure (rental §8). */
export const UPLOAD_FAILURE_EVENT = 'IDV FILE UPLOAD FAILURE';

/** Catalogue keys of the identity step's messages: the text not sent, the verification failed. */
export const IDENTITY_MESSAGES = {
  failed: 'identity.verify.failed',
  sendFailed: 'identity.mobile.send_failed',
} as const;
export type IdentityMessage = (typeof IDENTITY_MESSAGES)[keyof typeof IDENTITY_MESSAGES];

/** The phone's capture once checked: its confidence and what it scanned, with the uploaded images' URLs. */
export interface PhoneCheck {
  confidence: number;
  passed: boolean;
  scan: LicenceScan;
  /** The scanned images as the phone sent them (data URLs or URLs). */
  images: { croppedFrontID: string; selfie: string };
  /** The uploaded images' download URLs (only read back for a passed check). */
  frontUrl: string | null;
  selfieUrl: string | null;
}

/**
 * Verify ID by mobile number (rental spec §4 "Identity verification", §7): the text with the
 * provider's link, the status polled every 3 s while the visitor is on rent_this_space or info,
 * then, once the phone is done, the score, scan and images, the upload, the verification request,
 * its 'received' state and the dossier update. The result is the identity store's.
 *
 * While polling, `dossierPolling` is true: SessionStore reports it and the daemon holds back the
 * idle warning. The provider token is kept 15 minutes, in memory and in sessionStorage (which the
 * session end clears).
 */
export class PhoneHandoff {
  dossierPolling = false;
  step: MobileStep = 'idle';
  /** The phone the text went to, as typed (masked). */
  phone = '';
  idvId: string | null = null;
  /** Resend Text is on its way. */
  resending = false;

  /** The multipart POST to an upload URL (tests replace it). */
  upload: Upload = defaultUpload;

  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private stopWatching: (() => void) | null = null;
  /** Bumped whenever polling stops, so a late answer of an older round is ignored. */
  private pollRound = 0;
  private readonly sessions: ProviderSessionKeeper;

  constructor(
    private readonly identity: IdentityStore,
    private readonly client: IdentityClient,
  ) {
    this.sessions = new ProviderSessionKeeper(() => identity.root.sessionStorage);
    makeAutoObservable<this, 'identity' | 'client' | 'sessions' | 'pollTimer' | 'stopWatching' | 'pollRound'>(
      this,
      {
        identity: false,
        client: false,
        sessions: false,
        upload: false,
        pollTimer: false,
        stopWatching: false,
        pollRound: false,
      },
      { autoBind: true },
    );
  }

  /**
   * 'Verify ID by mobile number': open (or reuse) a provider session, text its link to `phone`
   * and poll until the phone side is done. Resolves true when the text went out.
   */
  async start(phone: string): Promise<boolean> {
    if (this.step === 'sending' || this.step === 'processing') return false;
    this.stopPolling();
    this.phone = phone;
    this.identity.failed = false;
    this.identity.message = null;
    this.step = 'sending';
    const sent = await this.sendLink();
    runInAction(() => {
      if (!sent) {
        this.step = 'idle';
        this.identity.message = IDENTITY_MESSAGES.sendFailed;
        return;
      }
      this.startPolling();
      this.step = 'waiting';
    });
    return sent;
  }

  /** Resend Text: the same link again (a new session when the old one is gone). */
  async resendText(): Promise<boolean> {
    if (this.step !== 'waiting' || this.resending) return false;
    this.resending = true;
    this.identity.message = null;
    const sent = await this.sendLink();
    runInAction(() => {
      this.resending = false;
      if (!sent) this.identity.message = IDENTITY_MESSAGES.sendFailed;
    });
    return sent;
  }

  /** 'Return to this device': stop waiting for the phone (the token stays for a later resend). */
  returnToDevice(): void {
    this.stop();
    this.identity.message = null;
  }

  /** No more waiting for the phone: polling stops and the hand-off is idle. */
  stop(): void {
    this.stopPolling();
    this.step = 'idle';
  }

  reset(): void {
    this.stopPolling();
    this.sessions.forget();
    this.step = 'idle';
    this.phone = '';
    this.idvId = null;
    this.resending = false;
  }

  private stopPolling(): void {
    this.pollRound += 1;
    if (this.pollTimer !== null) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    this.stopWatching?.();
    this.stopWatching = null;
    this.dossierPolling = false;
    if (this.step === 'waiting') this.step = 'idle';
  }

  private startPolling(): void {
    this.stopPolling();
    this.dossierPolling = true;
    const round = this.pollRound;
    // Leaving rent_this_space or info (another step, the space list, another kiosk section) stops it.
    this.stopWatching = reaction(
      () => this.identity.root.shell.activeSection,
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
      this.identity.failVerification();
      return;
    }
    const response = await this.client.status(session);
    if (round !== this.pollRound) return;
    if (response?.status === 'ok' && response.result.onboardingStatus === 'ONBOARDING_FINISHED') {
      await this.finish(round, session);
      return;
    }
    if (response?.status === 'error' && response.code?.startsWith('IdentityToken')) {
      this.identity.failVerification();
      return;
    }
    this.schedule(round);
  }

  /**
   * ONBOARDING_FINISHED: score, scan and images; upload the images; submit to verification; wait
   * for the service's 'received' (awaitReceived); update the dossier; then the identity store
   * takes the result (or the attempt fails).
   */
  private async finish(round: number, session: ProviderSession): Promise<void> {
    runInAction(() => {
      this.step = 'processing';
    });
    const found = await this.client.scoreAndScan(session);
    if (round !== this.pollRound) return;
    if (!found) {
      this.identity.failVerification();
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
    const dossierId = this.identity.root.rental.pick.dossierId;
    const received = await this.awaitReceived(round, answer, dossierId);
    if (round !== this.pollRound) return;
    if (received !== 'received') {
      this.identity.failVerification();
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
    this.identity.phoneChecked({
      confidence,
      passed,
      scan: data.ocr,
      images: data.images,
      frontUrl: frontUrl ?? null,
      selfieUrl: selfieUrl ?? null,
    });
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

  /** A provider session (reused while its token is fresh), a dossier, then the text. */
  private async sendLink(): Promise<boolean> {
    const { root } = this.identity;
    if (!root.config.facilityId || !root.config.ownerId) return false;
    const session = await this.client.openSession(this.sessions.fresh());
    if (!session) return false;
    this.sessions.keep(session);
    const dossierId = await this.ensureDossier();
    const idvId = await this.client.sendLink(session, {
      email: root.rental.model.tenant_email,
      phone: this.phone,
      dossierId,
    });
    if (!idvId) return false;
    runInAction(() => {
      this.idvId = idvId;
    });
    return true;
  }

  /** The hold step creates the dossier (rental/SpaceSelection.ts); if that failed, try once more here. */
  private async ensureDossier(): Promise<string | null> {
    const { rental } = this.identity.root;
    if (rental.pick.dossierId) return rental.pick.dossierId;
    const id = await this.client.createDossier();
    if (id) rental.setDossierId(id);
    return id;
  }

  private uploadImage(dataUrl: string, kind: ImageKind): Promise<string | null> {
    const attributes = { dossier_id: this.identity.root.rental.pick.dossierId, idv_id: this.idvId };
    return this.client.uploadImage(dataUrl, kind, attributes, this.upload, this.logUploadFailure);
  }

  private logUploadFailure(kind: ImageKind, reason: string): void {
    const { root } = this.identity;
    root.api
      .postLog({
        event_name: UPLOAD_FAILURE_EVENT,
        action: 'idv_file_upload',
        active_section: root.shell.activeSection,
        log_level: 'error',
        data: { file: kind, reason, idv_id: this.idvId },
      })
      .catch(() => undefined);
  }
}
