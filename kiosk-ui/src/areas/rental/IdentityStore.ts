import type { LicenceScan } from '@kiosk/shared-types';
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { IdentityClient } from './identity/identity-client';
import { infoFromSavedDetails, infoFromScan, onlyEmpty } from './identity/verification';
import { maskPhone } from '../../shared/phone';
import { failureLogger } from '../../shared/failure-log';
import { IDENTITY_MESSAGES, PhoneHandoff, type IdentityMessage, type PhoneCheck } from './identity/PhoneHandoff';
import { TenantLookups } from './identity/TenantLookups';
import type { RootStore } from '../../stores/RootStore';

/**
 * Identity verification (rental spec §2 "Verify identity", §4 "Identity verification", §7): the
 * verification's result (verified or failed, the scan, the licence image, the confidence) and
 * what it fills in; the phone hand-off that produces it (`handoff`, identity/PhoneHandoff.ts);
 * the manual path; and a logged-in visitor's earlier verification.
 */
export class IdentityStore {
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
  /** The e-mail whose saved details and earlier verification were loaded (logged-in visitors). */
  prefilledFor: string | null = null;
  /** Bumped whenever saved details or an earlier verification filled the model: info re-reads it. */
  prefillVersion = 0;

  readonly handoff: PhoneHandoff;
  private readonly client: IdentityClient;
  private readonly lookups: TenantLookups;

  constructor(readonly root: RootStore) {
    const log = failureLogger(root.api, 'Identity', () => root.shell.activeSection);
    this.client = new IdentityClient(
      root.api,
      () => ({ ownerId: root.config.ownerId, facilityId: root.config.facilityId, traceId: root.session.traceId }),
      log,
    );
    this.handoff = new PhoneHandoff(this, this.client);
    this.lookups = new TenantLookups(root.api, () => root.config.facilityId);
    makeAutoObservable<this, 'client' | 'lookups'>(
      this,
      { root: false, handoff: false, client: false, lookups: false },
      { autoBind: true },
    );
  }

  /** 'Manually Verify ID' is offered unless the facility requires a driver licence. */
  get manualAllowed(): boolean {
    return !this.root.config.facility?.driver_license_required;
  }

  /** 'Manually Verify ID': on to info with an empty form (never when a licence is required). */
  chooseManual(): void {
    if (!this.manualAllowed) return;
    this.handoff.stop();
    this.manual = true;
    this.message = null;
    this.root.rental.done();
  }

  /**
   * The phone's capture was checked: a pass fills the info form (names, mailing address, licence,
   * the phone the text went to, the images) and moves on to info; anything else fails the attempt.
   */
  phoneChecked(check: PhoneCheck): void {
    this.handoff.stop();
    this.confidence = check.confidence;
    if (!check.passed) {
      this.failVerification();
      return;
    }
    const { rental } = this.root;
    this.verified = true;
    this.failed = false;
    this.scan = check.scan;
    this.licenceImage = check.images.croppedFrontID;
    rental.setFields({
      ...infoFromScan(check.scan),
      tenant_phone: this.handoff.phone,
      dl_front: check.frontUrl ?? check.images.croppedFrontID,
      selfie: check.selfieUrl ?? check.images.selfie,
    });
    if (rental.section === 'rent_this_space') rental.done();
  }

  /** The attempt failed: 'Oops! Identity Verification failed. Please try again.' */
  failVerification(): void {
    this.handoff.stop();
    this.verified = false;
    this.failed = true;
    this.message = IDENTITY_MESSAGES.failed;
  }

  // -- logged-in visitors -------------------------------------------------------------------------

  /** Login from the rental popup succeeded: no phone hand-off any more; on to info (rental §4). */
  afterLogin(): void {
    this.handoff.stop();
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

  reset(): void {
    this.handoff.reset();
    this.verified = false;
    this.failed = false;
    this.message = null;
    this.scan = null;
    this.licenceImage = null;
    this.confidence = null;
    this.manual = false;
    this.prefilledFor = null;
    this.prefillVersion = 0;
    this.lookups.reset();
  }
}
