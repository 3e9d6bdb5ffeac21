import { describe, expect, it } from 'vitest';
import { maskSecrets, maskUrlForLog } from './masking-log.js';
import { REMOVED } from './masking-secret-values.js';

describe('maskSecrets', () => {
  it('masks a card number kept as a JavaScript number under any key', () => {
    expect(maskSecrets({ reference: 4111111111111111, amount: 123456, zip: 62704 })).toEqual({
      reference: '4111********1111',
      amount: 123456,
      zip: 62704,
    });
  });

  it('masks the card number and removes CVV, expiry and passwords from a rental model', () => {
    const model = {
      tenant_first_name: 'Ada',
      cc_number: '4111 1111 1111 1111',
      cvv: '123',
      cc_exp_month: '04',
      cc_exp_year: '2031',
      newpassword: 'Secret!1',
      nested: [{ detail: 'paid with 5500-0000-0000-0004 today' }],
    };
    const masked = maskSecrets(model);
    expect(masked).toEqual({
      tenant_first_name: 'Ada',
      cc_number: '4111********1111',
      cvv: REMOVED,
      cc_exp_month: REMOVED,
      cc_exp_year: REMOVED,
      newpassword: REMOVED,
      nested: [{ detail: 'paid with 5500********0004 today' }],
    });
    expect(JSON.stringify(masked)).not.toContain('123"');
    expect(model.cvv).toBe('123');
  });
});

describe('maskUrlForLog', () => {
  it('masks phones, e-mails and query parameters by their names, and leaves the rest of the URL', () => {
    expect(maskUrlForLog('/api/users/phone/%2B12175550147/')).toBe('/api/users/phone/***-***-0147/');
    expect(maskUrlForLog('/api/v1/users/email/jane.doe%40example.com/?user_token=ut-MARKER-0c1d2e')).toBe(
      '/api/v1/users/email/j***@example.com/?user_token=[removed]',
    );
    expect(
      maskUrlForLog('/api/v1/facilities/demo/find-reservation/?reservation_code=R-1001&gate_code=MARKER-gate-77'),
    ).toBe('/api/v1/facilities/demo/find-reservation/?reservation_code=R-1001&gate_code=[removed]');
    for (const url of ['/api/tenant/t-5001/space/sp-a102/pre-pay/?period=3', '/x?at=1795688562858&zip=62701'])
      expect(maskUrlForLog(url)).toBe(url);
  });
});
