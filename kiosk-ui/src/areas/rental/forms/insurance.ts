import { OWN_INSURANCE_PLAN_ID } from '@kiosk/shared-types';
import * as yup from 'yup';
import { MESSAGES, vkey } from '../../../forms/messages';

export interface InsuranceContext {
  /** The unit has at least one enabled plan. */
  hasPlans: boolean;
  /** Facility insurance_required: the own-insurance option (-2) is not offered. */
  insuranceRequired?: boolean;
}

/** Contents insurance (rental §5): insurance_id is required only if plans exist. */
export function insuranceSchema(ctx: InsuranceContext) {
  const id = yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(MESSAGES.required)
    .test(
      'own-insurance-allowed',
      vkey('insurance_required'),
      (value) => !(ctx.insuranceRequired && value === OWN_INSURANCE_PLAN_ID),
    );
  return yup.object({ insurance_id: ctx.hasPlans ? id.required(MESSAGES.required) : id.optional() });
}
export type InsuranceValues = yup.InferType<ReturnType<typeof insuranceSchema>>;
