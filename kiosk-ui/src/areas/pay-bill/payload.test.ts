import type { SpaceDetails, TenantDetail } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import {
  autopayMailData,
  billpayDocumentsForm,
  paymentMailData,
  paymentModel,
  withCard,
  type PayableSpace,
  type PayCard,
} from './payload';

const space = {
  unit_number: 'A102',
  spaceId: 'sp-a102',
  unit_id: 'xs-5x5',
  gds_id: 'gds-demo',
  facility_id: 'demo',
  facility: 'demo',
  tenant_id: 't-1',
  balance: [
    { costType: 'rent', description: 'Rent', amount: 49, total: 49 },
    { costType: 'discount', description: 'Discount', amount: 5 },
  ],
} as unknown as PayableSpace & SpaceDetails;

const account: TenantDetail = {
  type: 'primary',
  name: { first: 'Taylor', last: 'Morgan' },
  email: 'tenant@example.com',
  address: {
    address1: '18 Lincoln Avenue',
    address2: 'Apt 1',
    city: 'Springfield',
    stateCode: 'IL',
    postalCode: '62701',
  },
  phones: [],
  tenant_id: 't-1',
  res_id: null,
};

const card: PayCard = {
  card_name: ' Taylor Morgan ',
  card_number: '4111 1111 1111 1111',
  cc_exp_month: 12,
  cc_exp_year: 2030,
  cvv: '987',
};
const choice = { payMyBill: true, enroll_autopay: true, updateCardDetails: false, isCancelAutoPay: false };

const model = paymentModel({
  space,
  account,
  username: 'tenant@example.com',
  choice,
  resolved: { payMyBill: true, period: 0, total: 44 },
  prePay: null,
});

describe('payment model', () => {
  it('carries the unit, tenant, billing address and the resolved period and total', () => {
    expect(model).toMatchObject({
      period: 0,
      space_id: 'sp-a102',
      total_amount: '44.00',
      username: 'tenant@example.com',
      facility_gds_id: 'gds-demo',
      facility_id: 'demo',
      tenant_id: 't-1',
      billing_address1: '18 Lincoln Avenue',
      billing_city: 'Springfield',
      billing_state: 'IL',
      billing_zipcode: '62701',
      unit_door_number: 'A102',
      unit_type_id: 'xs-5x5',
      tenant_first_name: 'Taylor',
      tenant_last_name: 'Morgan',
      autoPayChecked: true,
      payMyBill: true,
      enroll_autopay: true,
      updateCardDetails: false,
    });
    expect(JSON.stringify(model)).not.toContain('4111');
  });

  it('adds the card, digits only, for the payment and enrolment calls', () => {
    expect(withCard(model, card)).toMatchObject({
      card_name: 'Taylor Morgan',
      card_number: '4111111111111111',
      cc_exp_month: 12,
      cc_exp_year: 2030,
      cvv: '987',
    });
  });
});

describe('what never gets the card', () => {
  it('sends the document service the masked number and no CVV', () => {
    const form = billpayDocumentsForm(model, card, 'tenant@example.com');
    expect(form).toMatchObject({
      flow: 'billpay',
      auto_debit: true,
      no_secondary_contact: true,
      tenant_email: 'tenant@example.com',
    });
    expect(form.card_number).toBe('4111********1111');
    expect(form).not.toHaveProperty('cvv');
  });

  it('mails the balance, prepay and unit, never the card number or CVV', () => {
    const payment = paymentMailData(space, 44, null);
    expect(payment).toEqual({ data: { source: 'desktop', balance: 44, prepay: 44, payment: null, unit_no: 'A102' } });
    const autopay = JSON.stringify(autopayMailData(space, 0, { card, updateCardDetails: true }, { enabled: true }));
    expect(autopay).toContain('"update_card":true');
    expect(autopay).not.toContain('4111111111111111');
    expect(autopay).not.toContain('987');
  });
});
