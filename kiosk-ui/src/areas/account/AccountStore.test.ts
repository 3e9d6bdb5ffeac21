import { runInAction } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { wrapped } from '../../test/fakes';
import { ready } from '../../models/loadable';
import { form, setup } from './account-test-fixtures';

describe('logout', () => {
  it('clears the session at once and tells the operator', async () => {
    const { root, requests } = await setup({
      'POST /api/facilities/demo/login/': { body: wrapped({ user_token: 'ut-1', email: 'tenant@example.com' }) },
    });
    await root.account.forms.loginWithEmail('tenant@example.com', 'Password!1');
    root.account.logout();
    expect(root.account).toMatchObject({ userToken: null, email: null, loggedIn: false, userDetails: null });
    await vi.waitFor(() => expect(requests.some((r) => r.path.endsWith('/logout/'))).toBe(true));
    expect(form(requests.find((r) => r.path.endsWith('/logout/')))).toEqual({ user_token: 'ut-1' });
  });

  it('uses the new-user flag of the user details', async () => {
    const { root } = await setup({
      'GET /api/facilities/demo/get-user-details/': { body: wrapped({ user_id: 'u-2', is_new_user: true }) },
    });
    root.account.setUserSession({ userToken: 'ut-2', email: 'new@example.com' });
    await vi.waitFor(() => expect(root.account.isNewUser).toBe(true));
  });
});

describe("Link a Rental's Back", () => {
  it('goes back to the unit list when the account has units, else to the welcome screen', async () => {
    const { root } = await setup();
    root.account.setUserSession({ userToken: 't', email: 'norentals@example.com' });
    root.shell.selectSection('pay_bill');
    root.account.goTo('link_rental');
    root.account.leaveLinkRental();
    expect(root.shell.section).toBe('home');

    root.shell.selectSection('pay_bill');
    root.account.goTo('link_rental');
    root.payBill.minimumLoadingMs = 60_000;
    runInAction(() => {
      root.payBill.unitList = ready([{ key: 'u-1' } as (typeof root.payBill.units)[number]]);
    });
    root.account.leaveLinkRental();
    expect(root.shell.section).toBe('pay_bill');
    expect(root.account.view).toBe('pay');
  });
});
