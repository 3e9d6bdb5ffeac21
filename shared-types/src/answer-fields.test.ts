import { describe, expect, it } from 'vitest';
import { answerForPage } from './answer-fields.js';

const ok = <T>(result: T) => ({ application_data: { status: 'ok', result } });

describe('what of an operator answer reaches the page', () => {
  it("withholds every unit's access code from the user item details", () => {
    const answer = ok({
      tenant_details: [{ tenant_id: 't-5001' }],
      space_details: [
        { unit_number: 'A102', accessCode: '2580', spaceId: 'sp-1' },
        { unit_number: 'B-13', accessCode: '2580', spaceId: 'sp-2' },
      ],
    });
    const shown = answerForPage('userItemDetails', answer);
    expect(JSON.stringify(shown)).not.toContain('2580');
    expect(shown).toEqual(
      ok({
        tenant_details: [{ tenant_id: 't-5001' }],
        space_details: [
          { unit_number: 'A102', spaceId: 'sp-1' },
          { unit_number: 'B-13', spaceId: 'sp-2' },
        ],
      }),
    );
    expect(answer.application_data.result.space_details[0]).toHaveProperty('accessCode', '2580');
  });

  it("shows the new rental's gate code on its confirmation, and a free code the visitor picked", () => {
    const rental = ok({ tenant_id: 't-9', gatecode: '7351', noke_pin: null });
    expect(answerForPage('rental', rental)).toBe(rental);
    const picked = ok({ gatecode: '7351' });
    expect(answerForPage('validateGatecodeGet', picked)).toBe(picked);
    expect(answerForPage('linkRental', ok({ tenant_id: 't-5002', gate_code: '4826' }))).toEqual(
      ok({ tenant_id: 't-5002' }),
    );
  });

  it('the phone look-up tells only whether an account exists', () => {
    const found = {
      data: { user: { user_id: 'u-1001', email: 'tenant@example.com', first_name: 'Taylor', phone: '+1' } },
    };
    expect(answerForPage('userByPhone', found)).toEqual({ data: { user: {} } });
    expect(answerForPage('userByPhone', { data: { user: null } })).toEqual({ data: { user: null } });
  });

  it('passes an answer with nothing to withhold as the same object (its bytes go unchanged)', () => {
    const spaces = ok([{ space_id: 'sp-1', door: '015' }]);
    expect(answerForPage('spaces', spaces)).toBe(spaces);
  });
});
