import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../forms/messages';
import { wrapped, type FakeRoutes } from '../../test/fakes';
import type { AccountMessage } from './account-errors';
import { form, setup } from './account-test-fixtures';

function text(message: AccountMessage | null): string {
  if (!message) return '';
  return 'text' in message ? message.text : en({ key: message.key, values: message.values ?? {} });
}

const ROUTES: FakeRoutes = {
  'GET /api/users/phone/%2B12175550147/': { body: { data: { user: { user_id: 'u-1', email: 'tenant@example.com' } } } },
  'GET /api/users/phone/%2B12175550100/': { body: { data: { user: null } } },
  'POST /api/owners/demo-owner/otp/': { body: wrapped({ otp_token: 'otp-1' }) },
  'POST /api/owners/demo-owner/otp/login/': (request) =>
    form(request).otp === '123456'
      ? { body: wrapped({ email: 'tenant@example.com', phone: '+12175550147', user_token: 'ut-9' }) }
      : { body: { application_data: { status: 'error', code: 'InvalidOtp', message: 'x' } } },
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('OtpSignIn (the rental sign-in by text message)', () => {
  it('shows the code form for the number the code went to, then logs in with the code', async () => {
    const { root } = await setup(ROUTES);
    const signIn = root.account.otpSignIn;
    expect(signIn.sentTo).toBeNull();

    expect(await signIn.request('(217) 555-0147')).toBe(true);
    expect(signIn).toMatchObject({ sentTo: '(217) 555-0147', message: null, noAccount: false });

    expect(await signIn.logIn('000000')).toBe(false);
    expect(text(signIn.message)).toBe('Invalid Code. Please try again.');
    expect(root.account.loggedIn).toBe(false);

    expect(await signIn.logIn('123456')).toBe(true);
    expect(signIn.message).toBeNull();
    expect(root.account).toMatchObject({ loggedIn: true, userToken: 'ut-9' });
  });

  it('says a number has no account, and forgets it when the visitor types another', async () => {
    const { root } = await setup(ROUTES);
    const signIn = root.account.otpSignIn;

    expect(await signIn.request('(217) 555-0100')).toBe(false);
    expect(signIn.sentTo).toBeNull();
    expect(signIn.noAccount).toBe(true);
    expect(text(signIn.message)).toBe(
      '+1 (217) 555-0100 has no account. Please login with your existing email or create a new account.',
    );

    expect(await signIn.request('(217) 555-0147')).toBe(true);
    expect(signIn).toMatchObject({ sentTo: '(217) 555-0147', message: null, noAccount: false });
  });

  it('Back returns to the phone form; a reset forgets the number and an answer still on its way', async () => {
    const { root } = await setup(ROUTES);
    const signIn = root.account.otpSignIn;
    await signIn.request('(217) 555-0147');
    await signIn.logIn('000000');
    signIn.back();
    expect(signIn).toMatchObject({ sentTo: null, message: null });

    const pending = signIn.request('(217) 555-0147');
    signIn.reset();
    expect(await pending).toBe(false);
    expect(signIn).toMatchObject({ sentTo: null, message: null, noAccount: false });
  });

  it('ends with the session: a new visitor starts at the phone form', async () => {
    const { root } = await setup(ROUTES);
    await root.account.otpSignIn.request('(217) 555-0100');
    root.account.reset();
    expect(root.account.otpSignIn).toMatchObject({ sentTo: null, message: null, noAccount: false });
  });
});
