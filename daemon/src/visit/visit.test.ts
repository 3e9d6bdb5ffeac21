import { describe, expect, it } from 'vitest';
import { Visit, type CallFields } from './visit.js';

const ok = (result: unknown) => ({ application_data: { status: 'ok', result } });
const call = (fields: Partial<CallFields> = {}): CallFields => ({ params: {}, query: {}, form: {}, ...fields });

/** A visit where tenant@example.com logged in and MY STORAGE loaded t-5001's units. */
function loggedIn(): Visit {
  const visit = new Visit();
  visit.learn('login', call(), ok({ user_token: 'token-of-this-visit', email: 'tenant@example.com' }));
  visit.learn(
    'userItems',
    call({ query: { user_token: 'token-of-this-visit' } }),
    ok([{ facility: 'demo', tenants: ['t-5001'] }]),
  );
  visit.learn(
    'userItemDetails',
    call({ params: { facility: 'demo', tenant: 't-5001' } }),
    ok({
      tenant_details: [
        {
          type: 'primary',
          tenant_id: 't-5001',
          res_id: null,
          phones: [
            { type: 'home', number: '+13125550000' },
            { type: 'cell', number: '+12175550147' },
          ],
        },
      ],
      space_details: [
        { spaceId: 'sp-a102', unit_number: 'A102', accessCode: '2580' },
        { spaceId: 'sp-b13', unit_number: 'B-13' },
      ],
    }),
  );
  return visit;
}

describe('the visit at the screen', () => {
  it('refuses a tenant-scoped call with no login: the gate-code text, a move-out notice, a bill', () => {
    const visit = new Visit();
    const text = visit.check(
      'textGateCode',
      call({
        form: { tenant_id: 't-5002', space_id: 'sp-017', unit_door_number: '017', phone_number: '+13125550111' },
      }),
    );
    expect(text).toMatchObject({ allowed: false, reason: 'not-this-tenant' });
    expect(visit.check('moveOutNotice', call({ form: { tenant_id: 't-5001', space_id: 'sp-a102' } }))).toMatchObject({
      allowed: false,
    });
    expect(visit.check('prePay', call({ params: { tenant: 't-5001', spaceId: 'sp-a102' } }))).toMatchObject({
      allowed: false,
    });
    expect(visit.check('userDetails', call({ query: { user_token: 'any' } }))).toMatchObject({
      allowed: false,
      reason: 'not-logged-in',
    });
  });

  it("passes the logged-in account's own tenant and units, and nobody else's", () => {
    const visit = loggedIn();
    expect(visit.check('prePay', call({ params: { tenant: 't-5001', spaceId: 'sp-a102' } }))).toEqual({
      allowed: true,
    });
    expect(visit.check('prePay', call({ params: { tenant: 't-5002', spaceId: 'sp-017' } }))).toMatchObject({
      reason: 'not-this-tenant',
    });
    expect(visit.check('payBill', call({ params: { tenant: 't-5001', spaceId: 'sp-017' } }))).toMatchObject({
      reason: 'not-this-unit',
    });
    expect(visit.check('moveOutNotice', call({ form: { tenant_id: 't-5001', space_id: 'sp-017' } }))).toMatchObject({
      reason: 'not-this-unit',
    });
    expect(visit.check('userItems', call({ query: { user_token: 'someone-elses-token' } }))).toMatchObject({
      reason: 'not-this-visit',
    });
    expect(visit.check('userItems', call({ query: { user_token: 'token-of-this-visit' } }))).toEqual({ allowed: true });
  });

  it('texts the gate code to the phone on file, whatever phone and code the page sends', () => {
    const decision = loggedIn().check(
      'textGateCode',
      call({
        form: {
          tenant_id: 't-5001',
          space_id: 'sp-a102',
          unit_door_number: 'A102',
          phone_number: '+13125550111',
          gatecode: '9999',
        },
      }),
    );
    expect(decision).toEqual({
      allowed: true,
      form: { phone_number: '+12175550147', gatecode: undefined, resend_phone_number: undefined },
    });
  });

  it("texts the new rental's own code to the phone the visitor typed on its confirmation", () => {
    const visit = new Visit();
    visit.learn(
      'rental',
      call(),
      ok({ tenant_id: 't-9001', rrd_id: 'rrd-1', gatecode: '7351', unit_door_number: '015', space_id: 'sp-015' }),
    );
    const decision = visit.check(
      'textGateCode',
      call({ form: { tenant_id: 't-9001', unit_door_number: '015', phone_number: '+13125550123', gatecode: '0000' } }),
    );
    expect(decision).toEqual({ allowed: true, form: { gatecode: '7351' } });
    expect(visit.check('enrolAutopay', call({ params: { tenant: 't-9001', spaceId: 'sp-015' } }))).toEqual({
      allowed: true,
    });
    expect(visit.check('updateConsumerPassword', call({ form: { rrd_id: 'rrd-1' } }))).toEqual({ allowed: true });
    expect(visit.check('updateConsumerPassword', call({ form: { rrd_id: 'rrd-someone-else' } }))).toMatchObject({
      allowed: false,
    });
    expect(visit.check('mailRentalFailure', call({ params: { tenant: 'guest' } }))).toEqual({ allowed: true });
    expect(visit.check('mailRental', call({ params: { tenant: 'guest' } }))).toMatchObject({ allowed: false });
  });

  it('forgets everything when the visit ends, and a new login starts from nothing', () => {
    const visit = loggedIn();
    visit.end();
    expect(visit.check('prePay', call({ params: { tenant: 't-5001', spaceId: 'sp-a102' } }))).toMatchObject({
      allowed: false,
    });
    const again = loggedIn();
    again.learn('login', call(), ok({ user_token: 'another-account', email: 'norentals@example.com' }));
    expect(again.check('prePay', call({ params: { tenant: 't-5001', spaceId: 'sp-a102' } }))).toMatchObject({
      allowed: false,
    });
  });

  it("looks up an earlier identity verification only for the logged-in account's e-mail, with its token", () => {
    const visit = loggedIn();
    const lookUp = (email: string, bearer?: string) =>
      visit.check(
        'ownerItems',
        call({ params: { owner: 'demo-owner' }, query: { emailId: email }, ...(bearer ? { bearer } : {}) }),
      );
    expect(lookUp('Tenant@example.com', 'token-of-this-visit')).toEqual({ allowed: true });
    expect(lookUp('someone@example.com', 'token-of-this-visit')).toMatchObject({ reason: 'not-this-visit' });
    expect(lookUp('tenant@example.com')).toMatchObject({ reason: 'not-this-visit' });
    expect(new Visit().check('ownerItems', call({ query: { emailId: 'tenant@example.com' } }))).toMatchObject({
      reason: 'not-logged-in',
    });
  });

  it('learns a linked rental, and nothing from a refused answer', () => {
    const visit = new Visit();
    visit.learn('login', call(), { application_data: { status: 'error', code: 'LoginFailed' } });
    expect(visit.loggedIn).toBe(false);
    visit.learn('login', call(), ok({ user_token: 'tok', email: 'norentals@example.com' }));
    visit.learn('linkRental', call(), ok({ facility: 'demo', tenant_id: 't-5002' }));
    expect(
      visit.check(
        'userItemDetails',
        call({ params: { facility: 'demo', tenant: 't-5002' }, query: { user_token: 'tok' } }),
      ),
    ).toEqual({ allowed: true });
  });

  it('a one-time-code login texts the gate code to the login phone when no phone is on file', () => {
    const visit = new Visit();
    visit.learn(
      'loginOtp',
      call({ form: { phone: '+12175550147' } }),
      ok({ user_token: 'tok', email: 'e', phone: '+12175550147' }),
    );
    visit.learn('userItems', call(), ok([{ facility: 'demo', tenants: ['t-5010'] }]));
    visit.learn(
      'userItemDetails',
      call({ params: { facility: 'demo', tenant: 't-5010' } }),
      ok({ tenant_details: [], space_details: [{ spaceId: 'sp-a111', unit_number: 'A111' }] }),
    );
    const decision = visit.check(
      'textGateCode',
      call({ form: { tenant_id: 't-5010', space_id: 'sp-a111', phone_number: '+10000000000' } }),
    );
    expect(decision).toMatchObject({ allowed: true, form: { phone_number: '+12175550147' } });
  });
});
