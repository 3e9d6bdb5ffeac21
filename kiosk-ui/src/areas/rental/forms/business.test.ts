import { describe, expect, it } from 'vitest';
import { businessSchema } from './business';
import { errorsOf } from '../../../forms/test-utils';

describe('business schema', () => {
  it("needs the 'Business Rental?' answer", async () => {
    expect(await errorsOf(businessSchema, {})).toEqual({ business_contact_needed: 'This field is required' });
  });

  it('asks nothing more for No', async () => {
    expect(await errorsOf(businessSchema, { business_contact_needed: false })).toEqual({});
  });

  it('requires the company name and a valid business email for Yes', async () => {
    expect(await errorsOf(businessSchema, { business_contact_needed: true })).toEqual({
      business_contact_name: 'This field is required',
      business_contact_email: 'This field is required',
    });
    expect(
      await errorsOf(businessSchema, {
        business_contact_needed: true,
        business_contact_name: 'Acme & Sons 2',
        business_contact_email: 'acme.example.com',
      }),
    ).toEqual({ business_contact_email: 'Invalid email' });
    expect(
      await errorsOf(businessSchema, {
        business_contact_needed: true,
        business_contact_name: 'Acme',
        business_contact_email: 'office@acme.example',
      }),
    ).toEqual({});
  });
});
