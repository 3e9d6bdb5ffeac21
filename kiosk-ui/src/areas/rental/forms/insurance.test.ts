import { describe, expect, it } from 'vitest';
import { insuranceSchema } from './insurance';
import { errorsOf } from '../../../forms/test-utils';

describe('insurance schema', () => {
  it('requires insurance_id when plans exist', async () => {
    expect(await errorsOf(insuranceSchema({ hasPlans: true }), {})).toEqual({ insurance_id: 'This field is required' });
    expect(await errorsOf(insuranceSchema({ hasPlans: true }), { insurance_id: '' })).toEqual({
      insurance_id: 'This field is required',
    });
    expect(await errorsOf(insuranceSchema({ hasPlans: true }), { insurance_id: 7 })).toEqual({});
  });

  it('does not require it without plans', async () => {
    expect(await errorsOf(insuranceSchema({ hasPlans: false }), {})).toEqual({});
  });

  it('accepts own insurance (-2) unless insurance is required', async () => {
    expect(await errorsOf(insuranceSchema({ hasPlans: true }), { insurance_id: -2 })).toEqual({});
    expect(await errorsOf(insuranceSchema({ hasPlans: true, insuranceRequired: true }), { insurance_id: -2 })).toEqual({
      insurance_id: 'This facility requires contents insurance',
    });
  });
});
