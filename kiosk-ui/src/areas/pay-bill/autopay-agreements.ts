import type { AgreementDocument, GenerateAgreementsResult, GenerateTokensResult } from '@kiosk/shared-types';
import type { ApiClient } from '../../api/client';
import { billpayDocumentsForm, type PayCard } from './payload';
import type { PayUnit } from './PayUnit';
import type { unitPaymentModel } from './unit-payment';

/** An agreement to sign for one unit's autopay enrolment (shell §3 "Agreement to sign"). */
export interface UnitAgreement {
  agreement: AgreementDocument;
  unitKey: string;
  completed: boolean;
}

/**
 * Signing tokens, then the agreements (flow billpay), for one unit enrolling in autopay or
 * updating its card. Rejects when either call fails or no agreement comes back.
 */
export async function autopayAgreements(
  api: ApiClient,
  unit: PayUnit,
  model: ReturnType<typeof unitPaymentModel>,
  card: PayCard,
  email: string,
): Promise<UnitAgreement[]> {
  const form = billpayDocumentsForm(model, card, email);
  const facility = unit.space.facility_id || unit.space.facility;
  const tokens = await api.call<GenerateTokensResult>('generateTokens', { facility }, { form });
  if (tokens.status !== 'ok') throw new Error('tokens');
  const agreements = await api.call<GenerateAgreementsResult>(
    'generateAgreements',
    { facility },
    { form: { ...form, dynamic_tokens: { ...tokens.result.dynamic_tokens } } },
  );
  if (agreements.status !== 'ok' || agreements.result.agreements.length === 0) throw new Error('agreements');
  return agreements.result.agreements.map((agreement) => ({ agreement, unitKey: unit.key, completed: false }));
}
