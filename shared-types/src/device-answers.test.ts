import { describe, expect, it } from 'vitest';
import {
  daemonErrorReason,
  isCardReaderHealth,
  isIdScanOutcome,
  isPrinterHealth,
  isPrintFailureReason,
  isSpeechStatus,
} from './device-answers.js';

const FIELDS = {
  first_name: 'JANE',
  middle_name: '',
  last_name: 'TENANT',
  address: '1 MAIN ST',
  city: 'AUSTIN',
  state: 'TX',
  zip: '78701',
  date_of_birth: '01/02/1990',
  licence_number: 'D1234567',
  issuing_state: 'TX',
  expiry: '01/02/2030',
};

describe('reading the daemon device answers', () => {
  it('takes a licence scan that was read, or refused with a known problem', () => {
    expect(isIdScanOutcome({ ok: true, fields: FIELDS })).toBe(true);
    expect(isIdScanOutcome({ ok: false, problem: 'expired', message: 'This licence has expired.' })).toBe(true);
  });

  it('refuses a scan answer with a field missing or of another type, or an unknown problem', () => {
    const { expiry: _expiry, ...withoutExpiry } = FIELDS;
    expect(isIdScanOutcome({ ok: true, fields: withoutExpiry })).toBe(false);
    expect(isIdScanOutcome({ ok: true, fields: { ...FIELDS, zip: 78701 } })).toBe(false);
    expect(isIdScanOutcome({ ok: false, problem: 'smudged', message: 'x' })).toBe(false);
    expect(isIdScanOutcome({ ok: 'yes', fields: FIELDS })).toBe(false);
    expect(isIdScanOutcome(null)).toBe(false);
  });

  it('takes device statuses in the one vocabulary only', () => {
    expect(isCardReaderHealth({ status: 'down' })).toBe(true);
    expect(isCardReaderHealth({ status: 'unavailable' })).toBe(false);
    expect(isPrinterHealth({ status: 'down', configured: true, state: 'paper-out', canPrint: false })).toBe(true);
    // The printer's answer before it carried the common status word is not one the UI reads.
    expect(isPrinterHealth({ configured: true, state: 'paper-out', canPrint: false })).toBe(false);
    expect(isPrinterHealth({ status: 'ok', configured: true, state: 'jammed', canPrint: true })).toBe(false);
    const speech = {
      available: false,
      muted: false,
      tone: false,
      problem: 'espeak-ng is missing',
      volume: { levelsDb: [-24, -18, -12, -6, 0], default: 3 },
      privateListening: 'jack',
      headphones: false,
    };
    expect(isSpeechStatus(speech)).toBe(true);
    expect(isSpeechStatus({ ...speech, available: 'no' })).toBe(false);
    expect(isSpeechStatus({ ...speech, volume: 'loud' })).toBe(false);
  });

  it("reads an error answer's reason, and only a known printer failure as one", () => {
    const body = { statusCode: 503, error: 'Service Unavailable', message: 'Out of paper.', reason: 'paper-out' };
    expect(daemonErrorReason(body)).toBe('paper-out');
    expect(isPrintFailureReason(daemonErrorReason(body))).toBe(true);
    expect(daemonErrorReason({ statusCode: 400, error: 'Bad Request', message: 'x' })).toBeUndefined();
    expect(isPrintFailureReason('toString')).toBe(false);
  });
});
