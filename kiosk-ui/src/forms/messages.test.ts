import { describe, expect, it } from 'vitest';
import validation from '../i18n/en/validation';
import { en, keyed, MESSAGES, translateMessage, vkey } from './messages';

describe('messages', () => {
  it('every generic message key resolves to the spec wording in the English catalogue', () => {
    expect(en(MESSAGES.required)).toBe('This field is required');
    expect(en(MESSAGES.invalidEmail)).toBe('Invalid email');
    expect(en(MESSAGES.alphabeticOnly)).toBe('Must only contain alphabetic characters.');
    expect(en(MESSAGES.invalidZip)).toBe('Invalid zip code');
    expect(en(MESSAGES.invalidCellPhone)).toBe('Invalid Cell Phone Number');
    expect(en(MESSAGES.invalidPhone)).toBe('Invalid Phone Number');
    expect(en(MESSAGES.invalidCreditCard)).toBe('Invalid credit card');
    expect(en(MESSAGES.invalidCvv)).toBe('Invalid CVV');
    expect(en(MESSAGES.invalidExpiryDate)).toBe('Invalid expiry date');
    expect(en(MESSAGES.invalidExpiryDatePayBill)).toBe('invalid expiry date');
  });

  it('every validation key is in the catalogue', () => {
    for (const key of Object.keys(validation) as (keyof typeof validation)[]) {
      expect(en(vkey(key))).not.toBe(vkey(key));
    }
  });

  it('fills placeholders of a keyed message', () => {
    expect(en(keyed('password_too_weak', { suggestion: 'Add another word or two.' }))).toBe(
      'Password is too weak. Add another word or two.',
    );
    expect(en(keyed('max_length', { max: 45 }))).toBe('Must be at most 45 characters');
  });

  it('hands plain keys and keyed messages to the given t', () => {
    const calls: unknown[] = [];
    const t = (key: string, values?: Record<string, string | number>) => {
      calls.push([key, values]);
      return 'text';
    };
    translateMessage('common.field.required', t);
    translateMessage(keyed('max_length', { max: 45 }), t);
    expect(calls).toEqual([
      ['common.field.required', undefined],
      ['validation.max_length', { max: 45 }],
    ]);
    expect(translateMessage(undefined, t)).toBe('');
  });
});
