import type { RentalResult, ReservationResult, TextGateCodeResult } from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import type { LogFailure } from '../../../shared/failure-log';
import type { CallOutcome } from '../../../shared/outbox/hand-over';
import type { RootStore } from '../../../stores/RootStore';

/** A text message being sent, or its outcome (confirm: the gate code; setup_noke: RESEND TEXT). */
export interface TextStatus {
  state: 'idle' | 'sending' | 'sent' | 'failed';
  phone: string;
  /** The server's message on failure, if it gave one. */
  serverMessage: string | null;
}

const IDLE_TEXT: TextStatus = { state: 'idle', phone: '', serverMessage: null };

/**
 * After the rental or reservation went through (rental spec §2 confirm_rental,
 * create_online_account, setup_noke): the gate code by text, the smart-access links again by
 * text, and the new user's password for the online account.
 */
export class RentalConfirmation {
  textStatus: TextStatus = IDLE_TEXT;
  passwordState: 'idle' | 'saving' | 'saved' | 'failed' = 'idle';

  /** The texts and the password are about what processing gave back (root.checkout's result). */
  constructor(
    private readonly root: RootStore,
    private readonly log: LogFailure,
  ) {
    makeAutoObservable<this, 'root' | 'log'>(this, { root: false, log: false }, { autoBind: true });
  }

  /** 'send gate code by text' on confirm: the visitor waits for it, so the page sends it itself. */
  async sendGateCodeText(phone: string): Promise<void> {
    await this.sendText(phone, (result) => ({ phone_number: phone, gatecode: result.gatecode }));
  }

  /** The automatic gate-code text after success is on its way (handed to the daemon's outbox). */
  textSending(phone: string): void {
    this.textStatus = { state: 'sending', phone, serverMessage: null };
  }

  /** Its first answer: sent, or not with the operator's message when it gave one. */
  async showTextOutcome(phone: string, outcome: Promise<CallOutcome>): Promise<void> {
    const answer = await outcome;
    runInAction(() => {
      if (this.textStatus.phone !== phone || this.textStatus.state !== 'sending') return;
      this.textStatus = answer.ok
        ? { state: 'sent', phone, serverMessage: null }
        : { state: 'failed', phone, serverMessage: answer.message };
    });
  }

  /** RESEND TEXT on setup_noke: the app links and the access PIN again, to this phone. */
  async resendAccessText(phone: string): Promise<void> {
    await this.sendText(phone, () => ({ resend_sms: true, resend_phone_number: phone }));
  }

  clearTextStatus(): void {
    this.textStatus = IDLE_TEXT;
  }

  /** A text about the rented unit (none before the rental went through); `fields` says what it carries. */
  private async sendText(
    phone: string,
    fields: (result: RentalResult) => Record<string, string | boolean>,
  ): Promise<void> {
    const result = this.root.checkout.rentalResult;
    const facilityId = this.root.config.facilityId;
    if (!result || !facilityId) return;
    const form = {
      facility_id: facilityId,
      tenant_id: result.tenant_id,
      ...fields(result),
      unit_door_number: result.unit_door_number,
    };
    this.textStatus = { state: 'sending', phone, serverMessage: null };
    let status: TextStatus;
    try {
      const response = await this.root.api.call<TextGateCodeResult>('textGateCode', {}, { form });
      status =
        response.status === 'ok'
          ? { state: 'sent', phone, serverMessage: null }
          : { state: 'failed', phone, serverMessage: response.message ?? null };
    } catch (error) {
      this.log('text gate code', error);
      status = { state: 'failed', phone, serverMessage: null };
    }
    runInAction(() => {
      this.textStatus = status;
    });
  }

  /** The new user's password (update-consumer-password/); resolves true when it was saved. */
  async updatePassword(password: string): Promise<boolean> {
    const rrdId = this.processed?.rrd_id;
    if (!rrdId) return false;
    this.passwordState = 'saving';
    let saved = false;
    try {
      const response = await this.root.api.call<{ updated: boolean }>(
        'updateConsumerPassword',
        {},
        { form: { rrd_id: rrdId, new_password: password } },
      );
      saved = response.status === 'ok';
    } catch (error) {
      this.log('update consumer password', error);
    }
    runInAction(() => {
      this.passwordState = saved ? 'saved' : 'failed';
    });
    return saved;
  }

  /** The rental's result, else the reservation's. */
  private get processed(): RentalResult | ReservationResult | null {
    const { rentalResult, reservationResult } = this.root.checkout;
    return rentalResult ?? reservationResult;
  }

  reset(): void {
    this.textStatus = IDLE_TEXT;
    this.passwordState = 'idle';
  }
}
