import { describe, expect, it } from 'vitest';
import { maskLicenceNumber, maskSecrets } from '@kiosk/shared-types';
import { fixtureBarcode } from './aamva-fixtures.js';
import { ID_SCAN_MESSAGES, readLicence, summary } from './licence.js';

const today = new Date(2026, 10, 25);
const read = (name: Parameters<typeof fixtureBarcode>[0]) => readLicence(fixtureBarcode(name, today), today);

describe('reading a driver licence barcode', () => {
  it('a valid Illinois licence fills every field of the form', () => {
    expect(read('valid')).toEqual({
      ok: true,
      fields: {
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
      },
    });
  });

  it('a Canadian licence: its year-first dates and postal code are read as such', () => {
    expect(read('canadian')).toEqual({
      ok: true,
      fields: {
        first_name: 'Etienne',
        middle_name: 'Luc',
        last_name: 'Tremblay',
        address: '88 Queen Street West',
        city: 'Toronto',
        state: 'ON',
        zip: 'M5H 2N2',
        date_of_birth: '11/02/1979',
        licence_number: 'T7263-48190-91102',
        issuing_state: 'ON',
        expiry: '11/25/2029',
      },
    });
  });

  it('an expired licence, a visitor under 18 and an unreadable scan fill nothing and say why', () => {
    expect(read('expired')).toEqual({ ok: false, problem: 'expired', message: ID_SCAN_MESSAGES.expired });
    expect(read('under-18')).toEqual({ ok: false, problem: 'under-18', message: ID_SCAN_MESSAGES['under-18'] });
    expect(read('garbage')).toEqual({ ok: false, problem: 'unreadable', message: ID_SCAN_MESSAGES.unreadable });
  });

  it('a partial scan (cut off before the dates) and text that is not a licence are unreadable', () => {
    const valid = fixtureBarcode('valid', today);
    expect(readLicence(valid.slice(0, valid.indexOf('DBA')), today)).toMatchObject({ problem: 'unreadable' });
    expect(readLicence('hello world', today)).toMatchObject({ problem: 'unreadable' });
    expect(readLicence('', today)).toMatchObject({ problem: 'unreadable' });
  });

  it('turning 18 today is old enough', () => {
    const birthday = new Date(today.getFullYear() - 18, today.getMonth(), today.getDate());
    const mm = String(birthday.getMonth() + 1).padStart(2, '0');
    const dd = String(birthday.getDate()).padStart(2, '0');
    const barcode = fixtureBarcode('under-18', today).replace(/DBB\d{8}/, `DBB${mm}${dd}${birthday.getFullYear()}`);
    expect(readLicence(barcode, today)).toMatchObject({ ok: true });
  });
});

describe('licence numbers and barcodes in logs', () => {
  it('a scan is logged with the last four characters of the number only', () => {
    expect(summary(read('valid'))).toEqual({ outcome: 'read', issuing_state: 'IL', licence_number: '********8017' });
    expect(summary(read('expired'))).toEqual({ outcome: 'expired' });
    expect(maskLicenceNumber('T7263-48190-91102')).toBe('***********1102');
  });

  it('the log masking keeps only the last four of licence fields and removes raw barcodes', () => {
    const barcode = fixtureBarcode('valid', today);
    const masked = maskSecrets({
      driving_lis_no: 'T52071588017',
      licence_number: 'D1234567',
      scan: barcode,
      data: { barcode: 'anything' },
    });
    expect(masked).toEqual({
      driving_lis_no: '********8017',
      licence_number: '****4567',
      scan: '[removed]',
      data: { barcode: '[removed]' },
    });
    expect(JSON.stringify(masked)).not.toContain('T52071588017');
  });
});
