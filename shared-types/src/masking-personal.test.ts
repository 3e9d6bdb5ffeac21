import { describe, expect, it } from 'vitest';
import { maskPhonesInUrl } from './masking-personal.js';
import { maskSecrets } from './masking.js';

describe('maskPhonesInUrl', () => {
  it('keeps only the last four digits of a phone in a path or a query, encoded or not', () => {
    expect(maskPhonesInUrl('/api/users/phone/%2B12175550147/')).toBe('/api/users/phone/***-***-0147/');
    expect(maskPhonesInUrl('/api/users/phone/+12175550147/')).toBe('/api/users/phone/***-***-0147/');
    expect(maskPhonesInUrl('/api/common-data/validate-phone/?phone_number=2175550147&country_code=1')).toBe(
      '/api/common-data/validate-phone/?phone_number=***-***-0147&country_code=1',
    );
    expect(maskPhonesInUrl('/x?phone=%28217%29%20555-0147')).toBe('/x?phone=***-***-0147');
  });

  it('leaves ids, dates, card-length runs and short numbers alone', () => {
    for (const url of [
      '/api/tenant/t-5001/space/sp-a102/pre-pay/?period=3',
      '/x?at=1795688562858',
      '/x?n=4111111111111111',
      '/x?zip=62701',
    ]) {
      expect(maskPhonesInUrl(url)).toBe(url);
    }
  });
});

describe('maskSecrets, contact details', () => {
  it('shows only the last four digits of a phone and the first letter and domain of an e-mail', () => {
    const form = {
      tenant_id: 't-5001',
      tenant_phone: '(217) 555-0199',
      tenant_email: 'taylor.new@example.com',
      secondary_contact_phone: '(217) 555-0123',
      secondary_contact_email: 'jordan@example.org',
      phone_number: '+12175550147',
      username: 'tenant@example.com',
      mailing_zip: '62704',
    };
    const masked = maskSecrets({ form });
    expect(masked).toEqual({
      form: {
        tenant_id: 't-5001',
        tenant_phone: '***-***-0199',
        tenant_email: 't***@example.com',
        secondary_contact_phone: '***-***-0123',
        secondary_contact_email: 'j***@example.org',
        phone_number: '***-***-0147',
        username: 't***@example.com',
        mailing_zip: '62704',
      },
    });
    expect(maskSecrets(masked)).toEqual(masked);
    expect(JSON.stringify(masked)).not.toMatch(/555-0199|taylor\.new|jordan@/);
  });

  it('leaves them for what the operator keeps, when asked, and still masks the card', () => {
    const form = { tenant_email: 'ada@example.com', tenant_phone: '(217) 555-0199', cc_number: '4111111111111111' };
    expect(maskSecrets(form, { keepContactDetails: true })).toEqual({ ...form, cc_number: '4111********1111' });
  });
});
