import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskCardNumber, maskCardNumbersInText, maskSecrets, removeSecretValues, REMOVED } from './masking.js';

const cardNumber = fc
  .integer({ min: 13, max: 19 })
  .chain((length) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }))
  .map((digits) => digits.join(''));

function formatted(digits: string, separator: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, `$1${separator}`);
}

describe('maskCardNumber', () => {
  it('keeps the first 4 and last 4 digits only', () => {
    expect(maskCardNumber('4111111111111111')).toBe('4111********1111');
    expect(maskCardNumber('3782 822463 10005')).toBe('3782*******0005');
  });
});

describe('maskCardNumbersInText', () => {
  it('never lets a card number through, whatever its format or position', () => {
    fc.assert(
      fc.property(
        cardNumber,
        fc.constantFrom('', ' ', '-'),
        fc.string(),
        fc.string(),
        (digits, separator, before, after) => {
          const text = `${before.replace(/[0-9]/g, 'x')} ${formatted(digits, separator)} ${after.replace(/[0-9]/g, 'x')}`;
          const masked = maskCardNumbersInText(text);
          // The number is replaced in place by its first 4 digits, one '*' per hidden digit and its
          // last 4; the text around it is untouched. (Comparing digit runs across the stars would
          // fail on numbers such as 0915 915122 1220, whose first and last 4 spell the middle.)
          const shown = `${digits.slice(0, 4)}${'*'.repeat(digits.length - 8)}${digits.slice(-4)}`;
          expect(masked).toBe(text.replace(formatted(digits, separator), shown));
          expect(masked.replace(/[^0-9]/g, '').length).toBe(8);
        },
      ),
      { numRuns: 500, examples: [['09159151221220', '', '', '']] },
    );
  });

  it('leaves zip codes, phone numbers and amounts readable', () => {
    expect(maskCardNumbersInText('zip 90210 phone (555) 123-4567 total 1234.56')).toBe(
      'zip 90210 phone (555) 123-4567 total 1234.56',
    );
  });
});

describe('masking twice', () => {
  it('keeps the first 4 and last 4 digits of a number the UI already masked', () => {
    expect(maskCardNumber('4111********1111')).toBe('4111********1111');
    expect(maskSecrets({ cc_number: maskCardNumber('4111111111111111') })).toEqual({ cc_number: '4111********1111' });
    fc.assert(
      fc.property(cardNumber, (digits) => {
        const once = maskCardNumber(digits);
        expect(maskCardNumber(once)).toBe(once);
      }),
    );
  });
});

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
      nested: [{ note: 'paid with 5500-0000-0000-0004 today' }],
    };
    const masked = maskSecrets(model);
    expect(masked).toEqual({
      tenant_first_name: 'Ada',
      cc_number: '4111********1111',
      cvv: REMOVED,
      cc_exp_month: REMOVED,
      cc_exp_year: REMOVED,
      newpassword: REMOVED,
      nested: [{ note: 'paid with 5500********0004 today' }],
    });
    expect(JSON.stringify(masked)).not.toContain('123"');
    expect(model.cvv).toBe('123');
  });
});

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
  let tree: unknown = { [key]: value, note: 'kept' };
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
        expect(masked).toContain('"note":"kept"');
      }),
      { numRuns: 1000 },
    );
  });

  it('removes the configured secret values from any text, key or value, at any depth', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9._~+/=-]{8,40}$/),
        fc.string(),
        fc.string(),
        path,
        (secret, before, after, steps) => {
          const text = `${before}${secret}${after}`;
          const tree = nestedUnder('message', text, steps);
          const masked = maskSecrets({ tree, [secret]: 1, list: [text] }, { secretValues: [secret] });
          expect(JSON.stringify(masked)).not.toContain(secret);
          expect(removeSecretValues(text, [secret])).not.toContain(secret);
        },
      ),
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

  it('removes the configured API key inside free text and keeps the text around it', () => {
    const key = 'kiosk-secret-key-1f0c';
    expect(
      maskSecrets(
        { event: `upstream said: bad key ${key}!`, url: `https://op.example/?key=${key}` },
        { secretValues: [key] },
      ),
    ).toEqual({ event: `upstream said: bad key ${REMOVED}!`, url: `https://op.example/?key=${REMOVED}` });
  });
});
