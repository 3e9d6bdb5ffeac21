import { describe, expect, it } from 'vitest';
import type { IdScanFields } from '@kiosk/shared-types';
import { licenceFormValues } from './licence-fill';

const STATES = new Set(['IL', 'WI']);
const ILLINOIS: IdScanFields = {
  first_name: 'Jane',
  middle_name: 'Quinn',
  last_name: 'Tenant',
  address: '1250 Maple Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
  date_of_birth: '05/17/1988',
  licence_number: 'T52071588017',
  issuing_state: 'IL',
  expiry: '11/25/2030',
};

describe('filling the info form from a licence', () => {
  it('a US licence fills names, mailing address and the licence', () => {
    expect(licenceFormValues(ILLINOIS, STATES)).toEqual({
      tenant_first_name: 'Jane',
      tenant_last_name: 'Tenant',
      mailing_address1: '1250 Maple Street',
      mailing_city: 'Springfield',
      mailing_state: 'IL',
      mailing_zip: '62704',
      driving_lis_no: 'T52071588017',
      driving_lis_state: 'IL',
      driving_lis_expiry: '11/25/2030',
    });
  });

  it('a province and postal code the form cannot take are left for the visitor', () => {
    const values = licenceFormValues({ ...ILLINOIS, state: 'ON', issuing_state: 'ON', zip: 'M5H 2N2' }, STATES);
    expect(values).not.toHaveProperty('mailing_state');
    expect(values).not.toHaveProperty('driving_lis_state');
    expect(values).not.toHaveProperty('mailing_zip');
    expect(values.driving_lis_no).toBe('T52071588017');
  });
});
