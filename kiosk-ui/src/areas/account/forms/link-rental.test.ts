import { describe, expect, it } from 'vitest';
import { linkRentalSchema } from './link-rental';
import { errorsOf } from '../../../forms/test-utils';

describe('link rental schema', () => {
  it("requires facility city, facility address, space number and gate code: 'This field is required'", async () => {
    expect(await errorsOf(linkRentalSchema, {})).toEqual({
      facility_city: 'This field is required',
      facility_address: 'This field is required',
      unit_no: 'This field is required',
      gate_code: 'This field is required',
    });
  });

  it('accepts the four fields', async () => {
    expect(
      await errorsOf(linkRentalSchema, {
        facility_city: 'Springfield',
        facility_address: 'demo',
        unit_no: 'A101',
        gate_code: '1234',
      }),
    ).toEqual({});
  });
});
