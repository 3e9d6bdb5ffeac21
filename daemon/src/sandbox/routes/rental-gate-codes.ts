import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { GatecodeValidation, TextGateCodeResult } from '@kiosk/shared-types';
import { DEMO_RENTAL_PROCESSING } from '../demo-facility.js';
import { fail, isTruthy, ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';
import { formBody, text, type Form } from '../rental-form.js';
import { isValidPhone } from './facility.js';

/**
 * The gate code (rental spec §4 "Gate code", "Finalising"): whether a code the visitor chose is
 * free, and texting the code (or, at a smart-access facility, the app link and access PIN) once
 * the rental went through. The landline in DEMO_RENTAL_PROCESSING cannot receive texts.
 */

const rentalGateCodeRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const world = state.rentalProcess;

  const validateGatecode = (form: Form) => {
    const facilityId = text(form.facility_id);
    const { settings } = state.facility(facilityId).data;
    const gatecode = text(form.gatecode);
    if (!new RegExp(`^\\d{${settings.gatecode_length}}$`).test(gatecode)) {
      return fail({
        code: 'InvalidGatecode',
        message: `The gate code must be ${settings.gatecode_length} digits.`,
        errors: { gatecode: [`The gate code must be ${settings.gatecode_length} digits.`] },
      });
    }
    const result: GatecodeValidation = { gatecode: world.isGatecodeAvailable(facilityId, gatecode) ? gatecode : null };
    return ok(result);
  };
  const gatecodeFields = stringFields(['facility_id', 'gatecode'], ['facility_id']);
  app.get(operatorPath('validateGatecodeGet'), { schema: { querystring: gatecodeFields } }, async (request) =>
    validateGatecode(request.query),
  );
  app.post(operatorPath('validateGatecode'), { schema: { body: gatecodeFields } }, async (request) =>
    validateGatecode(request.body),
  );

  app.post(operatorPath('textGateCode'), { schema: { body: formBody(['facility_id']) } }, async (request) => {
    const form = request.body;
    const { settings } = state.facility(text(form.facility_id)).data;
    if (world.takeFailure('text-gate-code')) return fail({ code: 'TextFailed' });
    const resend = isTruthy(form.resend_sms);
    const phone = text(resend ? form.resend_phone_number : form.phone_number);
    if (!isValidPhone(phone)) {
      return fail({
        code: 'InvalidPhoneNumber',
        message: 'The phone number is not valid',
        errors: { phone_number: ['Invalid Phone Number'] },
      });
    }
    const { landline } = DEMO_RENTAL_PROCESSING;
    if (phone.replace(/\D/g, '') === landline.phone.replace(/\D/g, '')) return fail(landline.failure);
    const rental = world.rentals.find((record) => record.tenant_id === text(form.tenant_id));
    // A tenant's own request (MY STORAGE) names the space and no code: the code on file is sent.
    const lease = rental ? undefined : state.accounts.lease(text(form.tenant_id), text(form.space_id));
    const door = rental?.door_name ?? lease?.door_name ?? text(form.unit_door_number);
    const gatecode = rental?.gatecode ?? (text(form.gatecode) || lease?.gate_code || '');
    if (!gatecode && !(resend && rental?.noke_pin)) {
      return fail({ code: 'NoGateCode', message: 'No gate code is on file for this unit' });
    }
    const body =
      resend && rental?.noke_pin
        ? `${settings.name}: get the smart access app at https://example.com/app and open unit ${door} with your access PIN ${rental.noke_pin}.`
        : `${settings.name}: your gate code for unit ${door} is ${gatecode}.`;
    state.recordings.recordText({ to: phone, body, kind: resend ? 'access-pin' : 'gate-code' });
    const result: TextGateCodeResult = { sent: true, phone_number: phone };
    return ok(result);
  });
};

export default rentalGateCodeRoutes;
