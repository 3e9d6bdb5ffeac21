import {
  isInsuranceDocument,
  OWN_INSURANCE_PLAN_ID,
  type FacilitySettings,
  type InsurancePlan,
  type NonInteractiveDocument,
} from '@kiosk/shared-types';

/** A plan counts unless it says it is disabled (the flow's rule for content_insurance too). */
export function isEnabledPlan(plan: Pick<InsurancePlan, 'enabled'>): boolean {
  const enabled = plan.enabled as unknown;
  return enabled === undefined || enabled === null || (enabled !== false && enabled !== 0 && enabled !== '0');
}

/** The plans the screen lists: enabled ones only, in the order the facility gives them. */
export function listedPlans(plans: readonly InsurancePlan[]): InsurancePlan[] {
  return plans.filter(isEnabledPlan);
}

/** 'Most Popular' when is_popular is 1 (the API may send it as a number, string or boolean). */
export function isPopular(plan: Pick<InsurancePlan, 'is_popular'>): boolean {
  const flag = plan.is_popular as unknown;
  return flag === 1 || flag === '1' || flag === true;
}

/**
 * The heading (rental §2): 'Contents Insurance' when a plan exists, 'Contents Protection' without
 * one. "A plan exists" is the unit's own list: at least one enabled plan. The facility's
 * has_insurance_plan is not asked as well: a unit the operator lists plans for sells insurance,
 * whatever that facility-wide flag says.
 */
export function insuranceTitle(plans: readonly InsurancePlan[]): 'title_insurance' | 'title_protection' {
  return listedPlans(plans).length > 0 ? 'title_insurance' : 'title_protection';
}

/** The 'I have my own insurance' option (plan -2) only when the facility does not require insurance. */
export function offersOwnInsurance(settings: Pick<FacilitySettings, 'insurance_required'> | null): boolean {
  return !settings?.insurance_required;
}

/**
 * The plan chosen when the visitor arrives without a choice: the facility's default plan when it
 * is listed, else nothing (the visitor must pick).
 */
export function initialPlanId(current: number | null, plans: readonly InsurancePlan[]): number | null {
  if (current !== null) return current;
  return listedPlans(plans).find((plan) => plan.default)?.insurance_id ?? null;
}

/** A choice the screen can show as selected: a listed plan, or -2 when that option is offered. */
export function isChoiceOffered(
  id: number | null,
  plans: readonly InsurancePlan[],
  settings: Pick<FacilitySettings, 'insurance_required'> | null,
): boolean {
  if (id === null) return false;
  if (id === OWN_INSURANCE_PLAN_ID) return offersOwnInsurance(settings);
  return listedPlans(plans).some((plan) => plan.insurance_id === id);
}

/**
 * View Brochure opens the non-interactive insurance documents (every insurance type), the
 * brochure (insurance_brochure_non_interactive) first.
 */
export function insuranceBrochures(documents: readonly NonInteractiveDocument[]): NonInteractiveDocument[] {
  const brochureFirst = (doc: NonInteractiveDocument) =>
    doc.document_type === 'insurance_brochure_non_interactive' ? 0 : 1;
  return documents.filter(isInsuranceDocument).sort((a, b) => brochureFirst(a) - brochureFirst(b));
}

/** The partial list of covered causes (rental §2), one entry per cause group, in the spec's order. */
export const COVERED_CAUSES = [
  'fire_lightning_explosion',
  'smoke_water',
  'vandalism_burglary',
  'windstorm_hail',
  'ice_snow_collapse',
] as const;
