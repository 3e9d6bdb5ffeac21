import { describe, expect, it, vi } from 'vitest';
import {
  forgotPasswordSchema,
  gateCodeTextSchema,
  loginSchema,
  newPasswordSchema,
  otpSchema,
  PASSWORD_HINT,
  PASSWORD_NOTE,
  registerSchema,
  reservationCodeSchema,
  spaceSearchSchema,
  type ScorePassword,
} from './account';
import { en } from '../../../forms/messages';
import { errorOf, errorsOf } from '../../../forms/test-utils';

const strong: ScorePassword = async () => ({ score: 3, suggestions: [] });
const weak: ScorePassword = async () => ({
  score: 0,
  suggestions: ['Add another word or two. Uncommon words are better.', 'Avoid repeated words'],
});

describe('login', () => {
  it('requires a valid email and a password', async () => {
    expect(await errorsOf(loginSchema, {})).toEqual({
      username: 'This field is required',
      password: 'This field is required',
    });
    expect(await errorsOf(loginSchema, { username: 'tenant', password: 'x' })).toEqual({ username: 'Invalid email' });
    expect(await errorsOf(loginSchema, { username: 'tenant@example.com', password: 'x' })).toEqual({});
  });
});

describe('register', () => {
  const valid = { username: 'new@example.com', password: 'Secret!1', password1: 'Secret!1' };

  it('requires email, password and the re-entered password', async () => {
    expect(await errorsOf(registerSchema({ scorePassword: strong }), {})).toEqual({
      username: 'This field is required',
      password: 'This field is required',
      password1: 'This field is required',
    });
    expect(await errorsOf(registerSchema({ scorePassword: strong }), valid)).toEqual({});
  });

  it('needs at least 6 characters, with the note shown on the screen', async () => {
    expect(await errorOf(registerSchema(), { ...valid, password: 'Ab!1x', password1: 'Ab!1x' }, 'password')).toBe(
      'Password must be at least 6 characters',
    );
    expect(en(PASSWORD_NOTE)).toBe(
      'Your password has to be at least 6 characters long, must contain 1 uppercase and 1 special character',
    );
  });

  it('needs the re-entered password to match', async () => {
    expect(await errorOf(registerSchema(), { ...valid, password1: 'Secret!2' }, 'password1')).toBe(
      'Passwords must match',
    );
  });

  it("shows 'Password is too weak. ' plus the first suggestion when the score is 0", async () => {
    expect(await errorOf(registerSchema({ scorePassword: weak }), valid, 'password')).toBe(
      'Password is too weak. Add another word or two. Uncommon words are better.',
    );
  });

  it("shows just 'Password is too weak. ' without a suggestion", async () => {
    const bare: ScorePassword = async () => ({ score: 0, suggestions: [] });
    expect(await errorOf(registerSchema({ scorePassword: bare }), valid, 'password')).toBe('Password is too weak. ');
  });

  it('does not score a password that is empty or too short', async () => {
    const scorePassword = vi.fn(weak);
    await errorsOf(registerSchema({ scorePassword }), { ...valid, password: 'abc' });
    await errorsOf(registerSchema({ scorePassword }), { ...valid, password: '' });
    expect(scorePassword).not.toHaveBeenCalled();
  });

  it('lets the visitor on when the checker itself fails', async () => {
    const broken: ScorePassword = async () => {
      throw new Error('chunk failed to load');
    };
    expect(await errorsOf(registerSchema({ scorePassword: broken }), valid)).toEqual({});
  });
});

describe('forgot password, OTP, reservation code, space search', () => {
  it('forgot password requires a valid email', async () => {
    expect(await errorsOf(forgotPasswordSchema, {})).toEqual({ email: 'This field is required' });
    expect(await errorsOf(forgotPasswordSchema, { email: 'a@b' })).toEqual({ email: 'Invalid email' });
  });

  it('OTP code is required', async () => {
    expect(await errorsOf(otpSchema, { otp: '' })).toEqual({ otp: 'This field is required' });
    expect(await errorsOf(otpSchema, { otp: '1' })).toEqual({});
  });

  it('reservation code is required', async () => {
    expect(await errorsOf(reservationCodeSchema, {})).toEqual({ reservation_code: 'This field is required' });
  });

  it('space search keyword is required', async () => {
    expect(await errorsOf(spaceSearchSchema, { keyword: '' })).toEqual({ keyword: 'This field is required' });
    expect(await errorsOf(spaceSearchSchema, { keyword: 'A101' })).toEqual({});
  });
});

describe('new password after a rental', () => {
  const valid = { newpassword: 'Secret!1', newpassword1: 'Secret!1' };

  it('is required, at least 6, confirmed and strong enough', async () => {
    expect(await errorsOf(newPasswordSchema({ scorePassword: strong }), {})).toEqual({
      newpassword: 'This field is required',
      newpassword1: 'This field is required',
    });
    expect(await errorOf(newPasswordSchema(), { newpassword: 'Ab!1', newpassword1: 'Ab!1' }, 'newpassword')).toBe(
      'Password must be at least 6 characters',
    );
    expect(await errorOf(newPasswordSchema(), { ...valid, newpassword1: 'other!1' }, 'newpassword1')).toBe(
      'Passwords must match',
    );
    expect(await errorOf(newPasswordSchema({ scorePassword: weak }), valid, 'newpassword')).toBe(
      'Password is too weak. Add another word or two. Uncommon words are better.',
    );
    expect(await errorsOf(newPasswordSchema({ scorePassword: strong }), valid)).toEqual({});
  });

  it("has the hint '1 uppercase and 1 special character'", () => {
    expect(en(PASSWORD_HINT)).toBe('1 uppercase and 1 special character');
  });
});

describe('gate code text', () => {
  it('requires a phone that passes the phone rules', async () => {
    expect(await errorsOf(gateCodeTextSchema(), {})).toEqual({ phonenumber: 'This field is required' });
    expect(await errorsOf(gateCodeTextSchema(), { phonenumber: '(155) 555-1212' })).toEqual({
      phonenumber: 'Invalid Cell Phone Number',
    });
    const validatePhone = vi.fn(async () => true);
    expect(await errorsOf(gateCodeTextSchema({ validatePhone }), { phonenumber: '(555) 555-1212' })).toEqual({});
  });
});
