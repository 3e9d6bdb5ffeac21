import type { InsurancePlan, NonInteractiveDocument } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import {
  initialPlanId,
  insuranceBrochures,
  insuranceTitle,
  isChoiceOffered,
  isPopular,
  listedPlans,
  offersOwnInsurance,
} from './insurance';

const plan = (id: number, extra: Partial<InsurancePlan> = {}): InsurancePlan => ({
  insurance_id: id,
  enabled: true,
  coverage_amount: 2000,
  monthly_premium: 12,
  default: false,
  is_popular: 0,
  ...extra,
});

const PLANS = [plan(101, { default: true }), plan(102, { is_popular: 1 }), plan(104, { enabled: false })];

describe('content insurance rules', () => {
  it('lists only enabled plans and badges is_popular 1 as Most Popular', () => {
    expect(listedPlans(PLANS).map((p) => p.insurance_id)).toEqual([101, 102]);
    expect(isPopular(PLANS[1]!)).toBe(true);
    expect(isPopular(PLANS[0]!)).toBe(false);
    expect(isPopular({ is_popular: '1' as unknown as 1 })).toBe(true);
  });

  it("titles the step 'Contents Insurance' when a plan exists, else 'Contents Protection'", () => {
    expect(insuranceTitle(PLANS)).toBe('title_insurance');
    // The unit's enabled plan decides, not the facility's has_insurance_plan.
    expect(insuranceTitle([plan(104, { enabled: false }), plan(105)])).toBe('title_insurance');
    expect(insuranceTitle([plan(104, { enabled: false })])).toBe('title_protection');
    expect(insuranceTitle([])).toBe('title_protection');
  });

  it('offers own insurance (-2) only when insurance is not required', () => {
    expect(offersOwnInsurance({ insurance_required: false })).toBe(true);
    expect(offersOwnInsurance({ insurance_required: true })).toBe(false);
    expect(isChoiceOffered(-2, PLANS, { insurance_required: true })).toBe(false);
    expect(isChoiceOffered(-2, PLANS, { insurance_required: false })).toBe(true);
    expect(isChoiceOffered(104, PLANS, { insurance_required: false })).toBe(false);
  });

  it('preselects the default plan only when nothing is chosen', () => {
    expect(initialPlanId(null, PLANS)).toBe(101);
    expect(initialPlanId(102, PLANS)).toBe(102);
    expect(initialPlanId(null, [plan(103)])).toBeNull();
  });

  it('View Brochure shows the insurance documents, brochure first', () => {
    const docs: NonInteractiveDocument[] = [
      { document_type: 'lease_agreement', name: 'Lease', location: '/l' },
      { document_type: 'insurance_certificate_non_interactive', name: 'Certificate', location: '/c' },
      { document_type: 'insurance_brochure_non_interactive', name: 'Brochure', location: '/b' },
    ];
    expect(insuranceBrochures(docs).map((doc) => doc.name)).toEqual(['Brochure', 'Certificate']);
  });
});
