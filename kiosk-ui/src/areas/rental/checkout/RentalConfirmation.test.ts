import { afterEach, describe, expect, it } from 'vitest';
import { wrapped } from '../../../test/fakes';
import { API, CARD, failure, RESULT, setup } from './checkout-test-fixtures';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the texts and the password after success', () => {
  it('shows the server message when a text fails', async () => {
    const { root } = setup({
      routes: {
        [`POST ${API}/rental/`]: { body: wrapped(RESULT) },
        'POST /api/text-gate-code/': failure('InvalidPhoneNumber', 'The phone number is not valid'),
      },
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    await root.checkout.confirmation.sendGateCodeText('(111) 555-1234');
    expect(root.checkout.confirmation.textStatus).toEqual({
      state: 'failed',
      phone: '(111) 555-1234',
      serverMessage: 'The phone number is not valid',
    });
  });

  it('saves the new password for the rental record', async () => {
    const { root, calls, form } = setup({
      routes: {
        [`POST ${API}/rental/`]: { body: wrapped(RESULT) },
        'POST /api/update-consumer-password/': { body: wrapped({ updated: true }) },
      },
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    expect(await root.checkout.confirmation.updatePassword('Secret!23')).toBe(true);
    expect(form(calls(/update-consumer-password/)[0]).get('rrd_id')).toBe('rrd-9001');
  });
});
