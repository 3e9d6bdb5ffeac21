import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {
  AgreementDocument,
  DynamicTokens,
  GenerateAgreementsResult,
  GenerateTokensResult,
} from '@kiosk/shared-types';
import { formatUsDate } from '../dates.js';
import { DEMO_RENTAL_PROCESSING, type DemoAgreement } from '../demo-facility.js';
import { isTruthy, ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';
import { formBody, serverError, text, type Form } from '../rental-form.js';
import type { SandboxState } from '../state.js';

/**
 * The rental's documents (rental spec §4 "Signing", §7 "Rental"): the additional-information
 * sections and the tokens filled into the documents, and the agreements to sign, each with its
 * signing page (routes/signing-pages.ts). `flow=billpay` asks for the autopay agreement alone.
 */

function tokensFor(state: SandboxState, facilityId: string, form: Form): Record<string, string> {
  const { settings } = state.facility(facilityId).data;
  return {
    facility_name: settings.name,
    facility_address: settings.address_exact,
    tenant_name: `${text(form.tenant_first_name)} ${text(form.tenant_last_name)}`.trim(),
    tenant_email: text(form.tenant_email),
    unit_door_number: text(form.unit_door_number),
    move_in_date: text(form.reservation_date) || formatUsDate(state.today()),
    total_amount: text(form.total_amount),
  };
}

function agreementsFor(form: Form): DemoAgreement[] {
  const { lease, autopay, insurance, rules } = DEMO_RENTAL_PROCESSING.agreements;
  if (text(form.flow) === 'billpay') return [autopay];
  const insuranceId = Number(text(form.insurance_id) || NaN);
  const second = isTruthy(form.auto_debit) ? autopay : insuranceId > 0 ? insurance : rules;
  return [lease, second];
}

const rentalDocumentsRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const world = state.rentalProcess;
  const facilityParams = stringFields(['facility'], ['facility']);

  app.post(
    operatorPath('generateTokens'),
    { schema: { params: facilityParams, body: formBody() } },
    async (request) => {
      const facilityId = request.params.facility;
      state.facility(facilityId);
      if (world.takeFailure('generate-tokens'))
        return serverError('The document service could not prepare your documents.');
      const form = request.body ?? {};
      const sections =
        text(form.flow) === 'billpay' ? [] : structuredClone(DEMO_RENTAL_PROCESSING.additional_information);
      const dynamic_tokens: DynamicTokens = { sections, tokens: tokensFor(state, facilityId, form) };
      const result: GenerateTokensResult = { dynamic_tokens };
      return ok(result);
    },
  );

  app.post(
    operatorPath('generateAgreements'),
    { schema: { params: facilityParams, body: formBody() } },
    async (request) => {
      const facilityId = request.params.facility;
      state.facility(facilityId);
      if (world.takeFailure('generate-agreements'))
        return serverError('The document service could not prepare your documents.');
      const form = request.body ?? {};
      const tenantName = `${text(form.tenant_first_name)} ${text(form.tenant_last_name)}`.trim();
      const agreements = agreementsFor(form).map((agreement): AgreementDocument => {
        const page = world.createAgreementPage(agreement, facilityId, tenantName);
        return {
          display_name: page.display_name,
          document_type: page.document_type,
          file_id: `file-${page.key.slice(0, 8)}`,
          document_id: `doc-${page.key.slice(0, 8)}`,
          key: page.key,
          url: `/pages/sign/${page.key}`,
          completed: false,
          summary: page.paragraphs.join(' '),
        };
      });
      const result: GenerateAgreementsResult = { agreements };
      return ok(result);
    },
  );
};

export default rentalDocumentsRoutes;
