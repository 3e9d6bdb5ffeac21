import { describe, expect, it } from 'vitest';
import {
  confidenceOf,
  dataUrlToBlob,
  dossierVerification,
  extensionOf,
  infoFromScan,
  isSessionFresh,
  parseProviderSession,
  passesConfidence,
  toUsDate,
} from './verification';

const scan = {
  name: { firstName: 'Jordan', lastName: 'Avery', fullName: 'Jordan Avery' },
  address: { street: '742 Evergreen Terrace', city: 'Springfield', state: 'IL', postalCode: '62704-1234' },
  state: 'IL',
  number: 'A123-4567-8901',
  issueDate: '2022-03-14',
  expiryDate: '2030-03-14',
  dateOfBirth: '1985-06-02',
};

describe('the confidence check', () => {
  it('is 10 times the rounded overall score, verified from 70', () => {
    expect(confidenceOf({ overall: { value: '8.7', status: 'OK' } })).toBe(90);
    expect(confidenceOf({ overall: { value: '6.5', status: 'OK' } })).toBe(70);
    expect(confidenceOf({ overall: { value: '6.49', status: 'OK' } })).toBe(60);
    expect(passesConfidence(70)).toBe(true);
    expect(passesConfidence(60)).toBe(false);
  });

  it('counts a missing or unreadable score as 0', () => {
    expect(confidenceOf(null)).toBe(0);
    expect(confidenceOf({ overall: { value: 'n/a', status: 'FAIL' } })).toBe(0);
  });
});

describe('the licence scan in the info form', () => {
  it('fills names, mailing address (zip cut to 5) and the licence with a US expiry date', () => {
    expect(infoFromScan(scan)).toEqual({
      tenant_first_name: 'Jordan',
      tenant_last_name: 'Avery',
      mailing_address1: '742 Evergreen Terrace',
      mailing_city: 'Springfield',
      mailing_state: 'IL',
      mailing_zip: '62704',
      driving_lis_no: 'A123-4567-8901',
      driving_lis_state: 'IL',
      driving_lis_expiry: '03/14/2030',
    });
  });

  it('reads ISO and US dates, and gives nothing for anything else', () => {
    expect(toUsDate('2030-03-14T00:00:00Z')).toBe('03/14/2030');
    expect(toUsDate('03/14/2030')).toBe('03/14/2030');
    expect(toUsDate('14.03.2030')).toBe('');
    expect(toUsDate(undefined)).toBe('');
  });

  it('records the verification on the dossier with the confidence as probability', () => {
    expect(dossierVerification(scan, 90, 'file-1')).toEqual({
      state: 'verified',
      authenticated: true,
      probability: 90,
      name: 'Jordan Avery',
      address: '742 Evergreen Terrace, Springfield, IL 62704-1234',
      documentNumber: 'A123-4567-8901',
      dateOfExpiry: '2030-03-14',
      dateOfBirth: '1985-06-02',
      image: 'file-1',
    });
    expect(dossierVerification(scan, 30, null)).toMatchObject({ state: 'failed', authenticated: false });
  });
});

describe('the provider session kept for 15 minutes', () => {
  const session = { token: 't', expiresAt: 1_000, interviewId: 'iv', clientId: 'c', url: 'u' };

  it('is fresh until it expires', () => {
    expect(isSessionFresh(session, 999)).toBe(true);
    expect(isSessionFresh(session, 1_000)).toBe(false);
    expect(isSessionFresh(null, 0)).toBe(false);
  });

  it('reads back what was stored, and ignores anything malformed', () => {
    expect(parseProviderSession(JSON.stringify(session))).toEqual(session);
    expect(parseProviderSession('{"token": 1}')).toBeNull();
    expect(parseProviderSession('not json')).toBeNull();
    expect(parseProviderSession(null)).toBeNull();
  });
});

describe('images for the upload', () => {
  it('turns a base64 data URL into a blob of its type', async () => {
    const blob = dataUrlToBlob(`data:image/svg+xml;base64,${btoa('<svg/>')}`);
    expect(blob?.type).toBe('image/svg+xml');
    expect(await blob?.text()).toBe('<svg/>');
    expect(dataUrlToBlob('https://example.com/x.png')).toBeNull();
    expect(extensionOf('image/svg+xml')).toBe('svg');
    expect(extensionOf('image/jpeg')).toBe('jpeg');
  });
});

describe('a logged-in visitor’s saved details', () => {
  it('fill the info fields, phone masked, zip cut to 5, and never over what is already there', async () => {
    const { infoFromSavedDetails, onlyEmpty } = await import('./verification');
    const fill = infoFromSavedDetails({
      email: 'tenant@example.com',
      first_name: 'Taylor',
      last_name: 'Morgan',
      phone: '+12175550147',
      address: {
        address1: '18 Lincoln Avenue',
        address2: '',
        city: 'Springfield',
        stateCode: 'IL',
        postalCode: '62701-0001',
      },
    });
    expect(fill).toMatchObject({ tenant_phone: '(217) 555-0147', mailing_zip: '62701', mailing_state: 'IL' });
    expect(onlyEmpty({ tenant_first_name: 'Tay', tenant_last_name: '' }, fill)).toMatchObject({
      tenant_last_name: 'Morgan',
    });
    expect(onlyEmpty({ tenant_first_name: 'Tay' }, fill).tenant_first_name).toBeUndefined();
  });
});
