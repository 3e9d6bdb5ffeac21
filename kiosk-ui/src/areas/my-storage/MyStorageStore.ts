import type { MoveOutNoticeResult, TenantDetail, TextGateCodeResult } from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { moveOutNoticeForm } from './move-out';
import { hiddenPhone, phoneOnFile, tenantUnits, type TenantUnit } from './tenant-units';
import type { AccountMessage } from '../account/AccountStore';
import { loadPayableAccount } from '../pay-bill/payable-account';
import type { RootStore } from '../../stores/RootStore';
import { IDLE, LOADING, ready, UNREACHABLE, valueOr, type Loadable } from '../../models/loadable';

/** How MY STORAGE logs a tenant in: a code by text (the default) or the e-mail login. */
export type TenantLoginMode = 'mobile' | 'email';

export type GateCodeStatus =
  | { state: 'idle' }
  | { state: 'sending'; unitKey: string }
  /** `phone` is the hidden form of the number: '(•••) •••-0147'. */
  | { state: 'sent'; unitKey: string; phone: string }
  | { state: 'failed'; unitKey: string; message: AccountMessage };

export type MoveOutStatus =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'accepted'; unitKey: string; result: MoveOutNoticeResult; email: string | null }
  | { state: 'refused' | 'failed'; message: AccountMessage };

const TEXT_FAILED: AccountMessage = { key: 'my_storage.gate_code.failed' };
const MOVE_OUT_FAILED: AccountMessage = { key: 'account.errors.something_went_wrong' };

/** "{server message}. Please try again." (rental spec §8, gate-code text), or the kiosk's own. */
function textFailure(serverMessage: string | null | undefined): AccountMessage {
  const message = serverMessage?.trim().replace(/\.+$/, '');
  return message ? { key: 'my_storage.gate_code.failed_server', values: { message } } : TEXT_FAILED;
}

/**
 * MY STORAGE, the tenants' own area (docs/my-storage.md): once the account store has logged the
 * tenant in (a code by text, or e-mail), their units, the gate code by text to the phone on file
 * and the move-out notice. The gate code itself never reaches this store: the operator texts the
 * code it has on file (text-gate-code/ without a code), and the units keep no `accessCode`.
 */
export class MyStorageStore {
  loginMode: TenantLoginMode = 'mobile';
  /** The number the tenant logged in with (10 digits), when they used a code by text. */
  loginPhone: string | null = null;

  /** The account's units (none when it rents none), or why they could not be listed. */
  unitsLoad: Loadable<TenantUnit[]> = IDLE;
  account: TenantDetail | null = null;
  /** The user token the units were loaded for: another login loads them again. */
  private loadedFor: string | null = null;

  selectedKey: string | null = null;
  gateCode: GateCodeStatus = IDLE;
  moveOut: MoveOutStatus = IDLE;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.root.account.loggedIn;
  }

  get units(): TenantUnit[] {
    return valueOr(this.unitsLoad, []);
  }

  get selectedUnit(): TenantUnit | null {
    return this.units.find((unit) => unit.key === this.selectedKey) ?? null;
  }

  /** The cell phone on file (10 digits), where the gate code goes. */
  get phoneDigits(): string | null {
    return phoneOnFile(this.account, this.loginPhone);
  }

  setLoginMode(mode: TenantLoginMode): void {
    this.loginMode = mode;
    this.root.account.forms.clearError(mode === 'mobile' ? 'otp' : 'login');
  }

  /** The one-time-code login went through with this number. */
  loggedInByPhone(phone: string): void {
    this.loginPhone = phone.replace(/\D/g, '').slice(-10);
    void this.open();
  }

  /** Opening the area (or logging in on it): the account's units, loaded once per login. */
  async open(): Promise<void> {
    const { account } = this.root;
    const token = account.userToken;
    if (!account.loggedIn || !token) return;
    if (this.loadedFor === token && this.unitsLoad.state !== 'failed') return;
    this.loadedFor = token;
    this.unitsLoad = LOADING;
    this.gateCode = IDLE;
    this.moveOut = IDLE;
    const loaded = await loadPayableAccount(
      this.root.api,
      { token, email: account.email ?? '' },
      0,
      () => this.root.account.userToken === token,
    );
    runInAction(() => {
      if (loaded === null || this.loadedFor !== token) return;
      if (loaded.next === 'unreachable') {
        this.unitsLoad = UNREACHABLE;
        return;
      }
      if (loaded.next === 'link_rental') {
        this.unitsLoad = ready([]);
        return;
      }
      this.account = loaded.account;
      this.unitsLoad = ready(tenantUnits(loaded.spaces));
      // One unit: it is the one; several: the tenant picks.
      this.selectedKey = this.units.length === 1 ? this.units[0]!.key : null;
    });
  }

  /**
   * My gate code: the operator texts the code it has on file for the picked unit to the phone on
   * file (text-gate-code/, docs/api-paths.md). The screen says where it went, never what it is.
   */
  async sendGateCode(unitKey: string): Promise<void> {
    const unit = this.units.find((candidate) => candidate.key === unitKey);
    const digits = this.phoneDigits;
    if (!unit || this.gateCode.state === 'sending') return;
    this.selectedKey = unit.key;
    if (!digits) {
      this.gateCode = { state: 'failed', unitKey: unit.key, message: { key: 'my_storage.gate_code.no_phone' } };
      return;
    }
    this.gateCode = { state: 'sending', unitKey: unit.key };
    let status: GateCodeStatus;
    try {
      const response = await this.root.api.call<TextGateCodeResult>(
        'textGateCode',
        {},
        {
          form: {
            facility_id: unit.facility,
            tenant_id: unit.tenantId,
            space_id: unit.spaceId,
            unit_door_number: unit.door,
            phone_number: `+1${digits}`,
          },
        },
      );
      status =
        response.status === 'ok'
          ? { state: 'sent', unitKey: unit.key, phone: hiddenPhone(digits) }
          : { state: 'failed', unitKey: unit.key, message: textFailure(response.message) };
    } catch {
      status = { state: 'failed', unitKey: unit.key, message: TEXT_FAILED };
    }
    runInAction(() => {
      if (this.gateCode.state !== 'sending' || this.gateCode.unitKey !== unit.key) return;
      this.gateCode = status;
    });
    this.root.screenHealth.journey('gate_code', status.state === 'sent' ? 'sent' : 'failed');
  }

  /**
   * The move-out notice for a unit and date (MM/DD/YYYY): the operator answers its rules (notice
   * days, what is owed or refunded) and mails the confirmation, or refuses (a balance is owed)
   * with its message.
   */
  async giveMoveOutNotice(unitKey: string, moveOutDate: string): Promise<void> {
    const unit = this.units.find((candidate) => candidate.key === unitKey);
    if (!unit || this.moveOut.state === 'sending') return;
    this.selectedKey = unit.key;
    this.moveOut = { state: 'sending' };
    let status: MoveOutStatus;
    try {
      const response = await this.root.api.call<MoveOutNoticeResult>(
        'moveOutNotice',
        {},
        { form: moveOutNoticeForm(unit, moveOutDate) },
      );
      status =
        response.status === 'ok'
          ? { state: 'accepted', unitKey: unit.key, result: response.result, email: this.root.account.email }
          : { state: 'refused', message: response.message ? { text: response.message } : MOVE_OUT_FAILED };
    } catch {
      status = { state: 'failed', message: MOVE_OUT_FAILED };
    }
    runInAction(() => {
      this.moveOut = status;
    });
    this.root.screenHealth.journey(
      'move_out',
      status.state === 'accepted' ? 'accepted' : status.state === 'refused' ? 'refused' : 'failed',
    );
  }

  /** Back to the form after an answer. */
  clearMoveOut(): void {
    this.moveOut = IDLE;
  }

  reset(): void {
    this.loginMode = 'mobile';
    this.loginPhone = null;
    this.unitsLoad = IDLE;
    this.account = null;
    this.loadedFor = null;
    this.selectedKey = null;
    this.gateCode = IDLE;
    this.moveOut = IDLE;
  }
}
