import { describe, expect, it } from 'vitest';
import { emptyRentalModel } from '../../../models/rental-model';
import { documentsForm, failedRentalForm, notificationMailForm, rentalForm, reservationForm } from './payload';

const model = {
  ...emptyRentalModel(),
  tenant_first_name: 'Jane',
  tenant_last_name: 'Tenant',
  tenant_email: 'jane@example.com',
  mailing_zip: '62704',
  newpassword: 'Secret!1',
  dl_front: 'data:image/png;base64,AAAA',
  name_on_card: 'JANE TENANT',
  dynamic_tokens: { sections: [], tokens: {}, values: { stored_goods: 'Boxes' } },
};
const card = {
  name_on_card: 'JANE TENANT',
  cc_number: '4111 1111 1111 1111',
  cc_exp_month: 12,
  cc_exp_year: 2030,
  cvv: '123',
};

describe('what the processing calls send', () => {
  it('rental/ gets the model with mailing_zipcode and the card digits, never passwords or data URLs', () => {
    const form = rentalForm(model, card, 'demo');
    expect(form).toMatchObject({
      facility_id: 'demo',
      mailing_zipcode: '62704',
      cc_number: '4111111111111111',
      cvv: '123',
    });
    expect(form).not.toHaveProperty('newpassword');
    expect(form).not.toHaveProperty('dl_front');
    expect(form).not.toHaveProperty('mailing_zip');
    expect(form.dynamic_tokens).toEqual(model.dynamic_tokens);
  });

  it('the document calls and the mails never get the card', () => {
    for (const form of [documentsForm(model, 'demo'), notificationMailForm(model, {})]) {
      expect(JSON.stringify(form)).not.toMatch(/4111|cvv|cc_exp/);
    }
    expect(documentsForm(model, 'demo').flow).toBe('rental');
  });

  it('save-failed-rental gets the masked number only', () => {
    const form = failedRentalForm(
      model,
      { ...card, cc_number: '4111111111111111' },
      { code: 'RentalFailed', message: 'Down' },
      'demo',
    );
    expect(form).toMatchObject({ cc_number: '4111********1111', error_code: 'RentalFailed' });
    expect(form).not.toHaveProperty('cvv');
  });

  it('a reservation sends tenant_info and defaults the move-in date to today', () => {
    const form = reservationForm({ ...model, hold_token: 'tok' }, '2025-07-15');
    expect(form).toMatchObject({ move_in_date: '07/15/2025', hold_token: 'tok' });
    expect(form.tenant_info).toMatchObject({ tenant_first_name: 'Jane', mailing_zipcode: '62704' });
  });
});
