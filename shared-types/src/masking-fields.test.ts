import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskFieldsInText } from './masking-fields.js';
import { REMOVED } from './masking-secret-values.js';
import { maskSecrets } from './masking.js';

/** Key names a developer or an operator might give a secret: any case, any separator, any prefix. */
const SECRET_WORDS = [
  'cvv',
  'cvc',
  'security code',
  'password',
  'secret',
  'token',
  'api key',
  'authorization',
] as const;

const separator = fc.constantFrom('', '_', '-', ' ', '.');
const affix = fc.stringMatching(/^[a-z]{0,6}$/);

/** `cc_cvv`, `Card-CVV`, `apiKey`, `user_token`, `x-api-key`, `SECURITY_CODE`, ... */
const secretKey = fc
  .tuple(
    affix,
    separator,
    fc.constantFrom(...SECRET_WORDS),
    separator,
    affix,
    fc.constantFrom('lower', 'upper', 'camel'),
  )
  .map(([before, sep1, word, sep2, after, style]) => {
    const parts = word.split(' ');
    const joined =
      style === 'camel'
        ? parts.map((part, index) => (index === 0 ? part : part[0]!.toUpperCase() + part.slice(1))).join('')
        : parts.join(sep1 === '' ? sep2 : sep1);
    const name = `${before}${before === '' ? '' : sep1}${joined}${after === '' ? '' : sep2}${after}`;
    return style === 'upper' ? name.toUpperCase() : name;
  });

/** What a secret looks like: a 3- or 4-digit CVV, a password, a token, a key. */
const secretValue = fc.oneof(
  fc.stringMatching(/^[0-9]{3,4}$/),
  fc.stringMatching(/^[A-Za-z0-9!@#$%^&*_-]{6,24}$/),
  fc.uuid(),
);

/** A JSON-like tree with the secret somewhere under the key, at any depth. */
function nestedUnder(key: string, value: string, path: string[]): unknown {
  let tree: unknown = { [key]: value, status: 'kept' };
  for (const step of path) tree = step === '[]' ? [tree] : { [step]: tree };
  return tree;
}

const path = fc.array(fc.constantFrom('[]', 'data', 'payment', 'form', 'headers'), { maxLength: 6 });

describe('maskSecrets, generated secrets', () => {
  it('removes a secret under any key whose normalised name holds a secret word, at any depth', () => {
    fc.assert(
      fc.property(secretKey, secretValue, path, (key, value, steps) => {
        const masked = JSON.stringify(maskSecrets(nestedUnder(key, value, steps)));
        expect(masked).not.toContain(`:"${value}"`);
        expect(masked).toContain('"status":"kept"');
      }),
      { numRuns: 1000 },
    );
  });
});

describe('maskSecrets, named cases', () => {
  it.each([
    ['cc_cvv', '123'],
    ['card_cvv', '4321'],
    ['security_code', '987'],
    ['securityCode', '9876'],
    ['api_key', 'k-1f0c9a'],
    ['apiKey', 'k-1f0c9a'],
    ['x-api-key', 'k-1f0c9a'],
    ['user_token', 'ut-0c1d2e'],
    ['authorization', 'Bearer ut-0c1d2e'],
    ['Authorization', 'Bearer ut-0c1d2e'],
    ['client_secret', 'shh-it-is'],
    ['confirm_password', 'Password!1'],
  ])('removes %s', (key, value) => {
    expect(maskSecrets({ form: { [key]: value, tenant_first_name: 'Ada' } })).toEqual({
      form: { [key]: REMOVED, tenant_first_name: 'Ada' },
    });
  });

  it('keeps fields that only look alike', () => {
    const fields = { space_type_id: '7', door_name: 'B-12', zip: '62704', status: 'ok', hold_until: 'later' };
    expect(maskSecrets(fields)).toEqual(fields);
  });
});

describe('maskSecrets, personal details', () => {
  const ADDRESS = 'MARKER-street-4471-Larkspur';
  const SECOND_ADDRESS = 'MARKER-apartment-9b7e';
  const ACCESS = 'MARKER-access-5c0d2f';
  const GATE = 'MARKER-gate-7e31a9';
  const OTP = 'MARKER-otp-2b8f4c';
  const USER_TOKEN = 'MARKER-user-token-6a1e0d';
  const NOTES = 'MARKER-notes-leave-by-the-back-door';

  it('removes addresses, gate and access codes, one-time codes, tokens and free text under their names, at any depth', () => {
    const event = {
      step: 'rent_this_space',
      model: {
        tenant_first_name: 'Ada',
        mailing_address1: ADDRESS,
        mailing_address2: SECOND_ADDRESS,
        secondary_contact_address1: ADDRESS,
        mailing_zip: '62704',
        same_address: true,
      },
      answers: [{ accessCode: ACCESS, access_code: ACCESS, gatecode: GATE, gate_code: GATE }],
      login: { otp: OTP, otp_code: OTP, user_token: USER_TOKEN },
      notes: NOTES,
      other_vehicle_describe: NOTES,
      tenant: { address: { address1: ADDRESS, city: 'Springfield' } },
    };
    const masked = maskSecrets(event);
    const text = JSON.stringify(masked);
    for (const marker of [ADDRESS, SECOND_ADDRESS, ACCESS, GATE, OTP, USER_TOKEN, NOTES])
      expect(text).not.toContain(marker);
    expect(masked.model).toEqual({
      tenant_first_name: 'Ada',
      mailing_address1: REMOVED,
      mailing_address2: REMOVED,
      secondary_contact_address1: REMOVED,
      mailing_zip: '62704',
      same_address: true,
    });
    expect(masked.step).toBe('rent_this_space');
    expect(maskSecrets(masked)).toEqual(masked);
  });

  it('removes the answer of an operator field typed as free text, wherever its name shows', () => {
    const form = {
      fields: [{ type: 'textarea', name: 'lease_question_7', label: 'Anything else?', value: NOTES }],
      values: { lease_question_7: NOTES, planned_move_out: '01/31/2030' },
    };
    const masked = maskSecrets(form);
    expect(JSON.stringify(masked)).not.toContain(NOTES);
    expect(masked.values.planned_move_out).toBe('01/31/2030');
  });

  it('masks the same fields written in text: a query string, a form body, JSON kept as a string', () => {
    const url = `/api/v1/validate-gatecode/?gatecode=${GATE}&user_token=${USER_TOKEN}&email=jane.doe%40example.com&facility=demo`;
    const masked = maskSecrets({ url, body: `mailing_address1=${encodeURIComponent(ADDRESS)}&unit=B-10` });
    expect(masked.url).toBe(
      '/api/v1/validate-gatecode/?gatecode=[removed]&user_token=[removed]&email=j***@example.com&facility=demo',
    );
    expect(masked.body).toBe('mailing_address1=[removed]&unit=B-10');
    const json = JSON.stringify({ accessCode: ACCESS, unit: 'B-10', n: 3 });
    const maskedJson = maskFieldsInText(`operator said ${json}`);
    expect(maskedJson).toBe('operator said {"accessCode":"[removed]","unit":"B-10","n":3}');
  });

  it('masks e-mail addresses inside free text', () => {
    expect(maskSecrets({ error: 'No account for jane.doe@example.com (jane%40example.com)' })).toEqual({
      error: 'No account for j***@example.com (j***@example.com)',
    });
  });

  it('keeps personal details for what the operator keeps, and still removes tokens and one-time codes', () => {
    const record = { mailing_address1: ADDRESS, gatecode: GATE, notes: NOTES, user_token: USER_TOKEN, otp: OTP };
    expect(maskSecrets(record, { keepContactDetails: true })).toEqual({
      mailing_address1: ADDRESS,
      gatecode: GATE,
      notes: NOTES,
      user_token: REMOVED,
      otp: REMOVED,
    });
  });
});
