import type {
  ContactDetail,
  TenantContactField,
  TenantContactUpdateResult,
  UserItem,
  UserItemDetails,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { FAILED, IDLE, LOADING, ready, valueOr, type Loadable } from '../../../models/loadable';
import { detailRequests } from '../../pay-bill/user-items';
import { changedDetails, contactFieldErrors, contactForm, contactValuesFrom } from './contact-details';
import type { ContactDetailsValues } from '../forms/contact-details';
import type { KioskSection } from '@kiosk/shared-types';
import type { RootStore } from '../../../stores/RootStore';

/**
 * Where a visitor who is not logged in is sent: MY STORAGE, whose login (a code by text, or the
 * e-mail) starts the account session this screen reads.
 */
export const CONTACT_LOGIN_SECTION: KioskSection = 'my_storage';

/** What the last save ended with, as the screen says it. */
export type ContactOutcome =
  | { kind: 'saved'; details: ContactDetail[]; mailedTo: string | null; textedOldPhone: boolean }
  | { kind: 'unchanged' }
  | { kind: 'refused' }
  | { kind: 'failed' };

/**
 * The logged-in tenant's contact details (docs/contact-details.md): loads the tenant of this
 * facility from the account data (user items, then user item details), saves a change with
 * update-tenant-contact/ and keeps what the operator answered: which details changed, or the
 * fields it refused with their messages. Each save is one `contact_details` journey.
 */
export class ContactDetailsStore {
  /**
   * The details on file, as the form shows them (replaced by the operator's answer after a save);
   * null when the account rents nothing at this facility.
   */
  load: Loadable<ContactDetailsValues | null> = IDLE;
  tenantId: string | null = null;
  saving = false;
  outcome: ContactOutcome | null = null;
  /** The operator's messages by field, shown at the field until the next save. */
  serverErrors: Partial<Record<TenantContactField, string>> = {};

  /** The details on file once loaded, else null. */
  get values(): ContactDetailsValues | null {
    return valueOr(this.load, null);
  }

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  get secondaryContactRequired(): boolean {
    return Boolean(this.root.config.facility?.frontend_conf?.secondary_contact_required);
  }

  get secondaryEmailRequired(): boolean {
    return Boolean(this.root.config.facility?.secondary_email_required);
  }

  /**
   * The screen opened: not logged in, the visitor is sent to the login; else the tenant's details
   * load. `tenantId` picks one of the account's tenants here (the first that loads otherwise).
   */
  open(tenantId?: string): void {
    const { account } = this.root;
    if (!account.loggedIn || !account.userToken) {
      this.root.shell.selectSection(CONTACT_LOGIN_SECTION);
      return;
    }
    this.outcome = null;
    this.serverErrors = {};
    void this.loadDetails(tenantId);
  }

  async loadDetails(tenantId?: string): Promise<void> {
    const { account } = this.root;
    const token = account.userToken;
    const facility = account.facility;
    if (!token) return;
    this.load = LOADING;
    try {
      const items = await this.root.api.call<UserItem[]>(
        'userItems',
        {},
        { query: { user_token: token, user_email: account.email ?? '' } },
      );
      if (items.status !== 'ok') throw new Error(items.message ?? 'user items failed');
      const requests = detailRequests(items.result ?? []).filter(
        (request) => request.facility === facility && (tenantId === undefined || request.tenant === tenantId),
      );
      for (const request of requests) {
        const details = await this.root.api.call<UserItemDetails>(
          'userItemDetails',
          { facility: request.facility, tenant: request.tenant },
          { query: { user_token: token } },
        );
        const entries = details.status === 'ok' ? (details.result.tenant_details ?? []) : [];
        const rented = entries.filter((entry) => !entry.res_id);
        if (rented.length === 0) continue;
        runInAction(() => {
          this.tenantId = request.tenant;
          this.load = ready(contactValuesFrom(rented, { secondaryContactRequired: this.secondaryContactRequired }));
        });
        return;
      }
      runInAction(() => (this.load = ready(null)));
    } catch {
      runInAction(() => (this.load = FAILED));
    }
  }

  /** Save: the operator's answer decides what changed; its field errors show at their fields. */
  async save(values: ContactDetailsValues): Promise<void> {
    const { account } = this.root;
    if (this.saving || !this.tenantId || !account.userToken) return;
    this.saving = true;
    this.outcome = null;
    this.serverErrors = {};
    try {
      const response = await this.root.api.call<TenantContactUpdateResult>(
        'updateTenantContact',
        {},
        {
          form: {
            facility_id: account.facility,
            tenant_id: this.tenantId,
            user_token: account.userToken,
            ...contactForm(values),
          },
        },
      );
      runInAction(() => {
        if (response.status === 'ok') {
          const { changed, tenant_details, notified } = response.result;
          const details = changedDetails(changed);
          const saved = contactValuesFrom(tenant_details, { secondaryContactRequired: this.secondaryContactRequired });
          this.load = ready(saved);
          this.outcome =
            details.length === 0
              ? { kind: 'unchanged' }
              : {
                  kind: 'saved',
                  details,
                  mailedTo: notified.mail ? saved.tenant_email : null,
                  textedOldPhone: notified.text_to_old_phone,
                };
          this.root.screenHealth.journey('contact_details', details.length === 0 ? 'unchanged' : 'saved');
          return;
        }
        this.serverErrors = contactFieldErrors(response.errors);
        const refusedAtField = Object.keys(this.serverErrors).length > 0;
        this.outcome = refusedAtField ? { kind: 'refused' } : { kind: 'failed' };
        this.root.screenHealth.journey('contact_details', refusedAtField ? 'refused' : 'failed');
      });
    } catch {
      runInAction(() => {
        this.outcome = { kind: 'failed' };
        this.root.screenHealth.journey('contact_details', 'failed');
      });
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** The visitor changed a field the operator refused: its message goes. */
  clearServerError(field: string): void {
    if (field in this.serverErrors) delete this.serverErrors[field as TenantContactField];
  }

  reset(): void {
    this.load = IDLE;
    this.tenantId = null;
    this.saving = false;
    this.outcome = null;
    this.serverErrors = {};
  }
}
