import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskCardNumbersInText, passesLuhn } from '@kiosk/shared-types';
import { bundleLogLines } from './plugins/support-bundle.js';
import { configuredSecrets, maskLogLine } from './secrets.js';

/** The Luhn check digit that completes `body`. */
function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) if (passesLuhn(`${body}${digit}`)) return String(digit);
  throw new Error('unreachable');
}

/** A number a card network could issue: 13-16 digits (exact as a JS number), first digit 2-6, Luhn-valid. */
const cardDigits = fc
  .tuple(
    fc.integer({ min: 2, max: 6 }),
    fc
      .integer({ min: 13, max: 16 })
      .chain((length) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length - 2, maxLength: length - 2 })),
  )
  .map(([first, middle]) => {
    const body = `${first}${middle.join('')}`;
    return body + luhnCheckDigit(body);
  });

/** What a log line's values are: timings and times that may look like card numbers, ids, text, cards. */
const leaf = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  cardDigits,
  cardDigits.map(Number),
  // A timing whose whole part reads like a card number: 378282246310005.5 ms.
  cardDigits.filter((digits) => digits.length <= 15).map((digits) => Number(`${digits}.5`)),
  cardDigits.map((digits) => `paid with ${digits} at 4:02`),
  fc.integer({ min: 1_000_000_000_000, max: 1_999_999_999_999 }),
);

const key = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    'responseTime',
    'msg',
    'url',
    'cc_number',
    'card_number',
    'cvv',
    'gatecode',
    'mailing_address1',
    'notes',
    'user_token',
    'tenant_email',
    '__proto__',
  ),
);

const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
})).value;

/** Every string in a parsed value, keys included. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([name, child]) => [name, ...stringsIn(child)]);
  return [];
}

describe('a masked log line', () => {
  it('is valid JSON whenever the line was, in the daemon log and in the support bundle, with no card number left in its text', () => {
    fc.assert(
      fc.property(jsonValue, fc.boolean(), (value, newline) => {
        const line = `${JSON.stringify(value)}${newline ? '\n' : ''}`;
        const masked = maskLogLine(line, ['kiosk-secret-key-1f0c']);
        expect(masked.endsWith('\n')).toBe(newline);
        const parsed: unknown = JSON.parse(masked);
        for (const text of stringsIn(parsed)) expect(maskCardNumbersInText(text)).toBe(text);
        for (const bundled of bundleLogLines([masked.trimEnd(), line.trimEnd()], ['kiosk-secret-key-1f0c']))
          expect(() => JSON.parse(bundled)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a timing that reads like a card number a JSON number', () => {
    const line = JSON.stringify({ msg: 'request completed', responseTime: 378282246310005.5 });
    expect(JSON.parse(maskLogLine(line))).toEqual({ msg: 'request completed', responseTime: 378282246310005.5 });
    expect(JSON.parse(bundleLogLines([line], [])[0]!)).toMatchObject({ responseTime: 378282246310005.5 });
  });

  it('masks what is not JSON as text', () => {
    expect(maskLogLine('listening with gatecode=MARKER-gate-7e31a9 for jane.doe@example.com\n')).toBe(
      'listening with gatecode=[removed] for j***@example.com\n',
    );
  });
});

describe('the configured secrets', () => {
  it('are the API key, the support token and the payment terminal’s passphrase, and a log line loses each', () => {
    const secrets = configuredSecrets({
      apiKey: 'kiosk-key-7a1d0e',
      healthToken: null,
      payment: { terminalKey: { identifier: 'kiosk', version: 1, passphrase: 'MARKER-terminal-pass-9c2b44' } },
    });
    expect(secrets).toEqual(['kiosk-key-7a1d0e', 'MARKER-terminal-pass-9c2b44']);
    const line = maskLogLine(
      JSON.stringify({ msg: 'terminal key MARKER-terminal-pass-9c2b44 refused', key: 'kiosk-key-7a1d0e' }),
      secrets,
    );
    expect(line).not.toContain('MARKER-terminal-pass-9c2b44');
    expect(line).not.toContain('kiosk-key-7a1d0e');
  });
});
