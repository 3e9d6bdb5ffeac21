import { afterEach, describe, expect, it } from 'vitest';
import { wrapped } from '../../../test/fakes';
import { setup } from './checkout-test-fixtures';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the gate code', () => {
  it('checks a gate code of the full length only: available, then unavailable', async () => {
    const { root, calls } = setup({
      routes: {
        'GET /api/validate-gatecode/': (request) => ({
          body: wrapped({ gatecode: request.query.get('gatecode') === '1234' ? null : request.query.get('gatecode') }),
        }),
      },
    });
    await root.checkout.choices.checkGatecode('12');
    expect(root.checkout.choices.gatecodeCheck).toBe('idle');
    expect(calls(/validate-gatecode/)).toHaveLength(0);
    await root.checkout.choices.checkGatecode('5678');
    expect(root.checkout.choices.gatecodeCheck).toBe('available');
    await root.checkout.choices.checkGatecode('1234');
    expect(root.checkout.choices.gatecodeCheck).toBe('unavailable');
    expect(calls(/validate-gatecode/)[1]?.query.get('facility_id')).toBe('demo');
  });
});
