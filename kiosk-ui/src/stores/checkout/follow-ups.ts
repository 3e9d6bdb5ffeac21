import type { AutopayEnrolResult, RentalResult } from '@kiosk/shared-types';
import type { ApiClient } from '../../api/client';
import { autopayMailData } from '../../billing/payload';
import { failedRentalForm, notificationMailForm, type CardData, type ProcessingFailure } from '../../checkout/payload';
import type { RentalModel } from '../../models/rental-model';
import type { LogFailure } from '../failure-log';

export type RentalMailRoute = 'mailRental' | 'mailRentalFailure' | 'mailReservation' | 'mailReservationFailure';

/** Where the calls are made for. */
export interface FollowUpPlace {
  ownerId: string | null;
  facilityId: string | null;
}

/**
 * The calls that follow a processed rental or reservation (rental spec §4 "Finalising"): autopay
 * with the rental's card, the lock sale, the notification mails, and save-failed-rental after a
 * retry failed too. Each failure is logged; none changes what the visitor sees.
 */
export class RentalFollowUps {
  constructor(
    private readonly api: ApiClient,
    private readonly place: () => FollowUpPlace,
    private readonly log: LogFailure,
  ) {}

  /**
   * Autopay after the rental (docs/api-paths.md): the billing enrol call with the rental's card,
   * then, once enrolled, the autopay notification mail as Pay My Bill sends it (shell §4 (a)).
   */
  async enrolAutopay(result: RentalResult, model: RentalModel, card: CardData): Promise<void> {
    const billing = model.billing_same_as_mailing
      ? {
          billing_address1: model.mailing_address1,
          billing_address2: model.mailing_address2,
          billing_city: model.mailing_city,
          billing_state: model.mailing_state,
          billing_zipcode: model.mailing_zip,
        }
      : {
          billing_address1: model.billing_address1,
          billing_address2: model.billing_address2,
          billing_city: model.billing_city,
          billing_state: model.billing_state,
          billing_zipcode: model.billing_zipcode,
        };
    try {
      const response = await this.api.call<AutopayEnrolResult>(
        'enrolAutopay',
        { tenant: result.tenant_id, spaceId: result.space_id },
        {
          form: {
            facility_id: this.place().facilityId ?? '',
            tenant_id: result.tenant_id,
            space_id: result.space_id,
            unit_door_number: result.unit_door_number,
            unit_type_id: model.unit_type_id,
            tenant_first_name: model.tenant_first_name,
            tenant_last_name: model.tenant_last_name,
            ...billing,
            enroll_autopay: true,
            card_name: card.name_on_card,
            card_number: card.cc_number,
            cc_exp_month: card.cc_exp_month,
            cc_exp_year: card.cc_exp_year,
            cvv: card.cvv,
          },
        },
      );
      if (response.status === 'error') {
        this.log('enrol autopay', { code: response.code, message: response.message });
        return;
      }
      await this.sendAutopayMail(result, card, response.result?.response ?? null);
    } catch (error) {
      this.log('enrol autopay', error);
    }
  }

  /**
   * The autopay mail of a new rental: nothing is due (the move-in was just paid) and the enrolment
   * charges nothing now; the card shows as its first 4 and last 4 digits only.
   */
  private async sendAutopayMail(result: RentalResult, card: CardData, enrolment: unknown): Promise<void> {
    const { ownerId: owner, facilityId: facility } = this.place();
    if (!owner || !facility) return;
    const payCard = {
      card_name: card.name_on_card,
      card_number: card.cc_number,
      cc_exp_month: card.cc_exp_month,
      cc_exp_year: card.cc_exp_year,
      cvv: '',
    };
    try {
      await this.api.call(
        'mailAutopay',
        { owner, facility, tenant: result.tenant_id },
        {
          form: autopayMailData(
            { unit_number: result.unit_door_number, balance: [] },
            0,
            { card: payCard, updateCardDetails: false },
            enrolment,
          ),
        },
      );
    } catch (error) {
      this.log('mailAutopay', error);
    }
  }

  async processLockSale(result: RentalResult, itemId: string): Promise<void> {
    try {
      await this.api.call(
        'processMerchandiseSales',
        {},
        {
          form: {
            facility_id: this.place().facilityId ?? '',
            tenant_id: result.tenant_id,
            space_id: result.space_id,
            item_id: itemId,
            quantity: 1,
          },
        },
      );
    } catch (error) {
      this.log('process merchandise sales', error);
    }
  }

  async sendMail(
    route: RentalMailRoute,
    tenant: string,
    model: RentalModel,
    details: { failure?: ProcessingFailure; reservationCode?: string },
  ): Promise<void> {
    const { ownerId: owner, facilityId } = this.place();
    if (!owner || !facilityId || !model.unit_type_id) return;
    try {
      await this.api.call(
        route,
        { owner, facility: facilityId, tenant, spaceTypeId: model.unit_type_id },
        { form: notificationMailForm(model, details) },
      );
    } catch (error) {
      this.log(route, error);
    }
  }

  async saveFailedRental(model: RentalModel, card: CardData | null, failure: ProcessingFailure): Promise<void> {
    const facilityId = this.place().facilityId;
    if (!facilityId) return;
    await this.api
      .call('saveFailedRental', {}, { form: failedRentalForm(model, card, failure, facilityId) })
      .catch((error: unknown) => this.log('save failed rental', error));
  }
}
