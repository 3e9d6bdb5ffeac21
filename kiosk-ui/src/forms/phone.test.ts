import { describe, expect, it, vi } from 'vitest';
import * as yup from 'yup';
import {
  cellPhoneRule,
  isPhoneShapeValid,
  nationalDigits,
  otpPhoneSchema,
  PHONE_MASK,
  type ValidatePhone,
} from './phone';
import { errorOf } from './test-utils';

const schemaWith = (validatePhone?: ValidatePhone) => yup.object({ phone: cellPhoneRule({ validatePhone }) });

describe('phone shape', () => {
  it('masks as (###) ###-#### in imask syntax', () => {
    expect(PHONE_MASK).toBe('(000) 000-0000');
  });

  it('needs 10 digits with an optional leading 1', () => {
    expect(isPhoneShapeValid('(555) 123-4567')).toBe(true);
    expect(isPhoneShapeValid('5551234567')).toBe(true);
    expect(isPhoneShapeValid('15551234567')).toBe(true);
    expect(isPhoneShapeValid('+1 555 123 4567')).toBe(true);
    expect(isPhoneShapeValid('(555) 123-456')).toBe(false);
    expect(isPhoneShapeValid('25551234567')).toBe(false);
  });

  it("refuses a value starting '(1'", () => {
    expect(isPhoneShapeValid('(155) 123-4567')).toBe(false);
  });

  it('sends the 10 national digits to the lookup', () => {
    expect(nationalDigits('+1 (555) 123-4567')).toBe('5551234567');
    expect(nationalDigits('(555) 123-4567')).toBe('5551234567');
  });
});

describe('cell phone rule', () => {
  it("is required: 'This field is required'", async () => {
    expect(await errorOf(schemaWith(), { phone: '' }, 'phone')).toBe('This field is required');
  });

  it("reports a bad shape as 'Invalid Cell Phone Number' without calling the lookup", async () => {
    const validatePhone = vi.fn(async () => true);
    expect(await errorOf(schemaWith(validatePhone), { phone: '(555) 123-45' }, 'phone')).toBe(
      'Invalid Cell Phone Number',
    );
    expect(await errorOf(schemaWith(validatePhone), { phone: '(155) 123-4567' }, 'phone')).toBe(
      'Invalid Cell Phone Number',
    );
    expect(validatePhone).not.toHaveBeenCalled();
  });

  it('checks a complete 14-character masked value through the validation call', async () => {
    const validatePhone = vi.fn(async () => true);
    expect(await errorOf(schemaWith(validatePhone), { phone: '(555) 123-4567' }, 'phone')).toBeUndefined();
    expect(validatePhone).toHaveBeenCalledWith('5551234567');
  });

  it("shows 'Invalid Cell Phone Number' when the call says not valid", async () => {
    const validatePhone = vi.fn(async () => false);
    expect(await errorOf(schemaWith(validatePhone), { phone: '(555) 123-4567' }, 'phone')).toBe(
      'Invalid Cell Phone Number',
    );
  });

  it("shows 'Invalid Cell Phone Number' when the call fails", async () => {
    const validatePhone = vi.fn(async () => {
      throw new Error('network down');
    });
    expect(await errorOf(schemaWith(validatePhone), { phone: '(555) 123-4567' }, 'phone')).toBe(
      'Invalid Cell Phone Number',
    );
  });

  it('does not call the lookup for a value that is not a 14-character masked one', async () => {
    const validatePhone = vi.fn(async () => false);
    expect(await errorOf(schemaWith(validatePhone), { phone: '5551234567' }, 'phone')).toBeUndefined();
    expect(validatePhone).not.toHaveBeenCalled();
  });

  it('OTP phone uses the same rule', async () => {
    expect(await errorOf(otpPhoneSchema(), { phone: '(155) 123-4567' }, 'phone')).toBe('Invalid Cell Phone Number');
    expect(await errorOf(otpPhoneSchema(), { phone: '' }, 'phone')).toBe('This field is required');
  });
});
