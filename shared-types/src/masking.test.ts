import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passesLuhn } from './card.js';
import {
  isCardNumberCandidate,
  maskCardNumber,
  maskCardNumbersInText,
  maskFieldsInText,
  maskPhonesInUrl,
  maskSecrets,
  maskUrlForLog,
  removeSecretValues,
  REMOVED,
} from './masking.js';

/** The Luhn check digit that completes `body`. */
function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) if (passesLuhn(`${body}${digit}`)) return String(digit);
  throw new Error('unreachable');
}

/** A number a card network could issue: 13-19 digits, first digit 2-6, a valid Luhn check digit. */
const cardNumber = fc
  .tuple(
    fc.integer({ min: 2, max: 6 }),
    fc
      .integer({ min: 13, max: 19 })
      .chain((length) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length - 2, maxLength: length - 2 })),
  )
  .map(([first, middle]) => {
    const body = `${first}${middle.join('')}`;
    return body + luhnCheckDigit(body);
  });

/**
 * An epoch-milliseconds time from 2001-09-09 to 2033-05-18: 13 digits starting with 1. (Later
 * times start with 2, and one in ten of them passes the Luhn check.)
 */
const epochMilliseconds = fc.integer({ min: 1_000_000_000_000, max: 1_999_999_999_999 }).map(String);
const twelveDigitId = fc.integer({ min: 100_000_000_000, max: 999_999_999_999 }).map(String);

function formatted(digits: string, separator: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, `$1${separator}`);
}

/** The digits split into groups at the given cut points, joined by the separator. */
function grouped(digits: string, separator: string, cuts: number[]): string {
  const points = [...new Set(cuts.map((cut) => 1 + (cut % (digits.length - 1))))].sort((a, b) => a - b);
  const parts: string[] = [];
  let at = 0;
  for (const point of points) {
    parts.push(digits.slice(at, point));
    at = point;
  }
  parts.push(digits.slice(at));
  return parts.join(separator);
}

/** Free text with no digits in it. */
const words = fc.string().map((text) => text.replace(/[0-9]/g, 'x'));

describe('maskCardNumber', () => {
  it('keeps the first 4 and last 4 digits only', () => {
    expect(maskCardNumber('4111111111111111')).toBe('4111********1111');
    expect(maskCardNumber('3782 822463 10005')).toBe('3782*******0005');
  });
});

describe('isCardNumberCandidate', () => {
  it('is true for the test cards', () => {
    for (const card of ['4111111111111111', '378282246310005', '4000000000000002', '4000000000009995'])
      expect(isCardNumberCandidate(card)).toBe(true);
  });

  it('is false for a wrong check digit, a first digit no network issues, or a wrong length', () => {
    expect(isCardNumberCandidate('4111111111111112')).toBe(false);
    expect(isCardNumberCandidate('1111111111111117')).toBe(false);
    expect(isCardNumberCandidate('7111111111111114')).toBe(false);
    expect(isCardNumberCandidate('411111111116')).toBe(false);
  });
});

describe('maskCardNumbersInText', () => {
  it('never lets a card number through, whatever its format or position', () => {
    fc.assert(
      fc.property(cardNumber, fc.constantFrom('', ' ', '-'), words, words, (digits, separator, before, after) => {
        const text = `${before} ${formatted(digits, separator)} ${after}`;
        const masked = maskCardNumbersInText(text);
        // The number is replaced in place by its first 4 digits, one '*' per hidden digit and its
        // last 4; the text around it is untouched. (Comparing digit runs across the stars would
        // fail on numbers such as 4915 4915 4915 4919, whose first 4 recur in the middle.)
        const shown = `${digits.slice(0, 4)}${'*'.repeat(digits.length - 8)}${digits.slice(-4)}`;
        expect(masked).toBe(text.replace(formatted(digits, separator), shown));
        expect(masked.replace(/[^0-9]/g, '').length).toBe(8);
      }),
      { numRuns: 500, examples: [['4915491549154919', '', '', '']] },
    );
  });

  it('masks a card number split into any groups by spaces or dashes', () => {
    fc.assert(
      fc.property(
        cardNumber,
        fc.constantFrom(' ', '-'),
        fc.array(fc.nat(), { maxLength: 6 }),
        words,
        (digits, separator, cuts, around) => {
          const masked = maskCardNumbersInText(`${around}:${grouped(digits, separator, cuts)}.`);
          expect(masked.replace(/[^0-9]/g, '').length).toBe(8);
          expect(masked).toContain(`${digits.slice(0, 4)}${'*'.repeat(digits.length - 8)}${digits.slice(-4)}`);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('shows at most 4 + 4 digits of a card number run together with other digit groups', () => {
    fc.assert(
      fc.property(
        cardNumber,
        fc.constantFrom(' ', '-'),
        fc.stringMatching(/^[0-9]{1,4}$/),
        fc.stringMatching(/^[0-9]{1,4}$/),
        (digits, separator, before, after) => {
          const masked = maskCardNumbersInText(
            `${before}${separator}${formatted(digits, separator)}${separator}${after}`,
          );
          expect(masked.replace(/[^0-9]/g, '').length).toBeLessThanOrEqual(8 + before.length + after.length);
          // The middle digits never show, not even split by separators; digits kept on either side
          // of the stars are apart (a run starting in `before` keeps "2412" of "2 4120…" and the
          // last four, which joined would spell part of the middle by chance).
          for (const shown of masked.split(/\*+/)) {
            expect(shown.replace(/[^0-9]/g, '')).not.toContain(digits.slice(4, -4));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves epoch-millisecond times readable, as text or inside a JSON log line', () => {
    fc.assert(
      fc.property(epochMilliseconds, words, (time, message) => {
        const line = JSON.stringify({ level: 30, time: Number(time), msg: `at ${time}: ${message}` });
        expect(maskCardNumbersInText(line)).toBe(line);
        expect(JSON.parse(maskCardNumbersInText(line))).toEqual(JSON.parse(line));
        expect(maskSecrets({ time: Number(time), at: time })).toEqual({ time: Number(time), at: time });
      }),
      { numRuns: 500 },
    );
  });

  it('leaves 12-digit ids readable', () => {
    fc.assert(
      fc.property(twelveDigitId, fc.constantFrom('', ' ', '-'), words, (id, separator, around) => {
        const text = `${around} ${formatted(id, separator)} ${around}`;
        expect(maskCardNumbersInText(text)).toBe(text);
        expect(maskSecrets({ id: Number(id) })).toEqual({ id: Number(id) });
      }),
      { numRuns: 500 },
    );
  });

  it('leaves long ids that fail the Luhn check or start with 0, 1, 7, 8 or 9 readable', () => {
    expect(maskCardNumbersInText('transaction 4111111111111112 ok')).toBe('transaction 4111111111111112 ok');
    expect(maskCardNumbersInText('order 9111111111111110 ok')).toBe('order 9111111111111110 ok');
    expect(maskCardNumbersInText('trace 01234567890123452 ok')).toBe('trace 01234567890123452 ok');
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
