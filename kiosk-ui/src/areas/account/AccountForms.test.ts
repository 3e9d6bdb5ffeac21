import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../forms/messages';
import { wrapped, type FakeRoutes } from '../../test/fakes';
import type { AccountMessage, AccountResult } from './account-errors';
import { form, setup } from './account-test-fixtures';

function messageText(message: AccountMessage | null | undefined): string {
  if (!message) return '';
  return 'text' in message ? message.text : en({ key: message.key, values: message.values ?? {} });
}

function formMessage(result: AccountResult): string {
  return result.ok ? '' : messageText(result.form);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('loginWithEmail', () => {
  it('logs in, keeps token and e-mail, and loads the user details', async () => {
    const { root, requests } = await setup({
      'POST /api/facilities/demo/login/': { body: wrapped({ user_token: 'ut-1', email: 'tenant@example.com' }) },
    });
    const result = await root.account.forms.loginWithEmail(' tenant@example.com ', 'Password!1');
    expect(result).toEqual({ ok: true });
    expect(root.account).toMatchObject({ userToken: 'ut-1', email: 'tenant@example.com', loggedIn: true });
    expect(form(requests.find((r) => r.path.endsWith('/login/')))).toEqual({
      username: 'tenant@example.com',
      password: 'Password!1',
    });
    await vi.waitFor(() => expect(root.account.userDetails?.idv_id).toBe('idv-1'));
    expect(requests.find((r) => r.path.endsWith('/get-user-details/'))?.query.get('user_token')).toBe('ut-1');
    expect(root.account.isNewUser).toBe(false);
  });

  it("shows the server's __all__ message first and keeps field errors per field", async () => {
    const { root } = await setup({
      'POST /api/facilities/demo/login/': {
        body: {
          application_data: {
            status: 'error',
            message: 'ignored',
            errors: { password: ['Too short'], __all__: ['Unable to log in with provided credentials.', 'second'] },
          },
        },
      },
    });
    const result = await root.account.forms.loginWithEmail('tenant@example.com', 'x');
    expect(formMessage(result)).toBe('Unable to log in with provided credentials.');
    expect(result.ok ? null : result.fields).toEqual({ password: 'Too short' });
    expect(root.account.loggedIn).toBe(false);
    expect(messageText(root.account.forms.errors.login?.form)).toBe('Unable to log in with provided credentials.');
  });

  it("says 'Something Went Wrong' when the daemon cannot reach the operator", async () => {
    const { root } = await setup({ 'POST /api/facilities/demo/login/': { networkError: true } });
    expect(formMessage(await root.account.forms.loginWithEmail('a@example.com', 'b'))).toBe('Something Went Wrong');
  });
});

describe('one-time code', () => {
  const sendRoutes: FakeRoutes = {
    'GET /api/users/phone/%2B12175550147/': {
      body: { data: { user: { user_id: 'u-1', email: 'tenant@example.com' } } },
    },
    'POST /api/owners/demo-owner/otp/': { body: wrapped({ otp_token: 'otp-1' }) },
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });

  it('sends a code and counts 60 s down before a resend', async () => {
    const { root, requests } = await setup(sendRoutes);
    expect(await root.account.forms.requestOtp('(217) 555-0147')).toEqual({ ok: true });
    expect(form(requests.find((r) => r.path.endsWith('/otp/')))).toEqual({ phone: '+12175550147' });
    expect(root.account.forms.otpResendSecondsLeft).toBe(60);
    expect(root.account.forms.canResendOtp).toBe(false);
    vi.advanceTimersByTime(59_000);
    expect(root.account.forms.otpResendSecondsLeft).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(root.account.forms.canResendOtp).toBe(true);
  });

  it('tells a phone without an account to log in by e-mail or create one', async () => {
    const { root, requests } = await setup({
      'GET /api/users/phone/%2B12175550100/': { body: { data: { user: null } } },
    });
    const result = await root.account.forms.requestOtp('2175550100');
    expect(formMessage(result)).toBe(
      '+1 (217) 555-0100 has no account. Please login with your existing email or create a new account.',
    );
    expect(requests.some((r) => r.path.endsWith('/otp/'))).toBe(false);
  });

  it("shows the server's message when sending fails, else 'Something Went Wrong'", async () => {
    const { root } = await setup({
      ...sendRoutes,
      'POST /api/owners/demo-owner/otp/': {
        body: { application_data: { status: 'error', message: 'SMS gateway down' } },
      },
    });
    expect(formMessage(await root.account.forms.requestOtp('2175550147'))).toBe('SMS gateway down');
    const other = await setup({
      ...sendRoutes,
      'POST /api/owners/demo-owner/otp/': { body: { application_data: { status: 'error' } } },
    });
    expect(formMessage(await other.root.account.forms.requestOtp('2175550147'))).toBe('Something Went Wrong');
  });

  it('logs in with the code, sending phone, code and token, and loads details', async () => {
    const { root, requests } = await setup({
      ...sendRoutes,
      'POST /api/owners/demo-owner/otp/login/': (request) =>
        form(request).otp === '123456'
          ? { body: wrapped({ email: 'tenant@example.com', phone: '+12175550147', user_token: 'ut-9' }) }
          : { body: { application_data: { status: 'error', code: 'InvalidOtp', message: 'x' } } },
    });
    await root.account.forms.requestOtp('(217) 555-0147');
    expect(formMessage(await root.account.forms.loginWithOtp('(217) 555-0147', '000000'))).toBe(
      'Invalid Code. Please try again.',
    );
    expect(await root.account.forms.loginWithOtp('(217) 555-0147', '123456')).toEqual({ ok: true });
    expect(form(requests.filter((r) => r.path.endsWith('/otp/login/')).at(-1))).toEqual({
      phone: '+12175550147',
      otp: '123456',
      token: 'otp-1',
    });
    expect(root.account).toMatchObject({ userToken: 'ut-9', email: 'tenant@example.com', loggedIn: true });
    await vi.waitFor(() => expect(root.account.userDetails).not.toBeNull());
  });
});

describe('register and forgot password', () => {
  it('shows a taken e-mail as the username error', async () => {
    const { root } = await setup({
      'POST /api/facilities/demo/user/': {
        body: {
          application_data: {
            status: 'error',
            message: 'The account could not be created.',
            errors: { username: ['User with the same email id already exists'] },
          },
        },
      },
    });
    const result = await root.account.forms.register('tenant@example.com', 'Secret!1');
    expect(result).toEqual({
      ok: false,
      form: null,
      fields: { username: 'User with the same email id already exists' },
    });
  });

  it('sends the reset e-mail', async () => {
    const { root, requests } = await setup({
      'POST /api/facilities/demo/reset-password/': { body: wrapped({ sent: true }) },
    });
    expect(await root.account.forms.forgotPassword('tenant@example.com')).toEqual({ ok: true });
    expect(form(requests.at(-1))).toEqual({ email: 'tenant@example.com' });
  });
});

describe('linkRental', () => {
  const values = {
    facility_city: 'Springfield',
    facility_address: 'demo',
    unit_no: ' 17 ',
    gate_code: '4826',
    phone: '',
  };

  async function loggedIn(overrides: FakeRoutes) {
    const test = await setup(overrides);
    test.root.account.setUserSession({ userToken: 'ut-1', email: 'tenant@example.com' });
    return test;
  }

  it("says 'Invalid Gate code or Unit Number' when refused without errors", async () => {
    const { root } = await loggedIn({
      'POST /api/user/items/': { body: { application_data: { status: 'error', code: 'InvalidGateCodeOrUnit' } } },
    });
    expect(formMessage(await root.account.forms.linkRental(values))).toBe('Invalid Gate code or Unit Number');
  });

  it("shows the server's errors when it gives them", async () => {
    const { root } = await loggedIn({
      'POST /api/user/items/': {
        body: {
          application_data: {
            status: 'error',
            errors: { __all__: ['This rental is already linked to your account.'] },
          },
        },
      },
    });
    expect(formMessage(await root.account.forms.linkRental(values))).toBe(
      'This rental is already linked to your account.',
    );
  });

  it('sends the model with the user token', async () => {
    const { root, requests } = await loggedIn({
      'POST /api/user/items/': { body: wrapped({ facility: 'demo', tenant_id: 't-1' }) },
    });
    expect(await root.account.forms.linkRental(values)).toEqual({ ok: true });
    expect(form(requests.find((r) => r.path === '/api/user/items/'))).toEqual({
      facility_city: 'Springfield',
      facility_address: 'demo',
      unit_no: '17',
      gate_code: '4826',
      phone: '',
      user_token: 'ut-1',
    });
  });
});
