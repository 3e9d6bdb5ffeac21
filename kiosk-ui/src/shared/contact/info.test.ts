import { describe, expect, it, vi } from 'vitest';
import { reservationDateOrDefault, reservationDateRange, formatUsDate } from '../../utils/dates';
import { infoSchema, type InfoContext, type InfoValues } from './info';
import { errorOf, errorsOf } from '../../forms/test-utils';

const today = new Date(2025, 5, 15); // 06/15/2025

const valid: InfoValues = {
  tenant_first_name: 'Mary Ann',
  tenant_last_name: 'Smith',
  tenant_email: 'mary@example.com',
  tenant_phone: '(555) 123-4567',
  mailing_address1: '1 Main St',
  mailing_address2: '',
  mailing_city: 'Springfield',
  mailing_state: 'IL',
  mailing_zip: '62701',
  driving_lis_no: 'S1234567',
  driving_lis_state: 'IL',
  driving_lis_expiry: '06/15/2025',
  reservation_date: '',
};

const schema = (ctx: InfoContext = {}) => infoSchema({ today, advancedDates: 30, ...ctx });

describe('info schema', () => {
  it('accepts a complete form', async () => {
    expect(await errorsOf(schema(), valid)).toEqual({});
  });

  it("requires every field but the second address line: 'This field is required'", async () => {
    const errors = await errorsOf(schema(), {});
    expect(errors).toEqual({
      tenant_first_name: 'This field is required',
      tenant_last_name: 'This field is required',
      tenant_email: 'This field is required',
      tenant_phone: 'This field is required',
      mailing_address1: 'This field is required',
      mailing_city: 'This field is required',
      mailing_state: 'This field is required',
      mailing_zip: 'This field is required',
      driving_lis_no: 'This field is required',
      driving_lis_state: 'This field is required',
      driving_lis_expiry: 'This field is required',
    });
  });

  it('applies the name rule to tenant names', async () => {
    expect(await errorOf(schema(), { ...valid, tenant_first_name: 'M4ry' }, 'tenant_first_name')).toBe(
      'Must only contain alphabetic characters.',
    );
    expect(await errorOf(schema(), { ...valid, tenant_last_name: 'x'.repeat(46) }, 'tenant_last_name')).toBe(
      'Must be at most 45 characters',
    );
  });

  it("checks the email: 'Invalid email'", async () => {
    expect(await errorOf(schema(), { ...valid, tenant_email: 'mary.example.com' }, 'tenant_email')).toBe(
      'Invalid email',
    );
  });

  it("checks the mailing zip: 'Invalid zip code'", async () => {
    expect(await errorOf(schema(), { ...valid, mailing_zip: '6270' }, 'mailing_zip')).toBe('Invalid zip code');
  });

  it('checks the tenant phone through the injected validation call', async () => {
    const validatePhone = vi.fn(async () => false);
    expect(await errorOf(schema({ validatePhone }), valid, 'tenant_phone')).toBe('Invalid Cell Phone Number');
    expect(validatePhone).toHaveBeenCalledWith('5551234567');
  });

  it('takes a licence expiring today or later, not an expired one', async () => {
    expect(
      await errorOf(schema(), { ...valid, driving_lis_expiry: '06/15/2025' }, 'driving_lis_expiry'),
    ).toBeUndefined();
    expect(
      await errorOf(schema(), { ...valid, driving_lis_expiry: '12/31/2030' }, 'driving_lis_expiry'),
    ).toBeUndefined();
    expect(await errorOf(schema(), { ...valid, driving_lis_expiry: '06/14/2025' }, 'driving_lis_expiry')).toBe(
      'Driver license is expired',
    );
    expect(await errorOf(schema(), { ...valid, driving_lis_expiry: '2025-12-31' }, 'driving_lis_expiry')).toBe(
      'Invalid date',
    );
  });
});

describe('reservation date', () => {
  const reserving = (reservation_date: string) =>
    errorOf(schema({ reservationMode: true }), { ...valid, reservation_date }, 'reservation_date');

  it('is ignored outside reservation mode', async () => {
    expect(await errorOf(schema(), { ...valid, reservation_date: '01/01/2000' }, 'reservation_date')).toBeUndefined();
  });

  it('may be left empty: it then defaults to today', async () => {
    expect(await reserving('')).toBeUndefined();
    expect(reservationDateOrDefault('', today)).toBe('06/15/2025');
    expect(reservationDateOrDefault(undefined, today)).toBe('06/15/2025');
    expect(reservationDateOrDefault('06/20/2025', today)).toBe('06/20/2025');
  });

  it('is at the earliest tomorrow and at most advanced_dates days ahead', async () => {
    expect(await reserving('06/16/2025')).toBeUndefined();
    expect(await reserving('07/15/2025')).toBeUndefined();
    expect(await reserving('06/15/2025')).toBe('Choose a date from 06/16/2025 to 07/15/2025');
    expect(await reserving('07/16/2025')).toBe('Choose a date from 06/16/2025 to 07/15/2025');
  });

  it('must be MM/DD/YYYY', async () => {
    expect(await reserving('2025-06-20')).toBe('Invalid date');
    expect(await reserving('6/20/2025')).toBe('Invalid date');
    expect(await reserving('02/30/2026')).toBe('Invalid date');
  });

  it('range is tomorrow..today+advanced_dates', () => {
    const range = reservationDateRange(10, today);
    expect(formatUsDate(range.min)).toBe('06/16/2025');
    expect(formatUsDate(range.max)).toBe('06/25/2025');
  });
});
