import { describe, expect, it } from 'vitest';
import { convenienceSchema, type ConvenienceContext } from './convenience';
import { errorOf, errorsOf } from '../../../forms/test-utils';

const ctx: ConvenienceContext = {
  gatecodeSelectable: true,
  gatecodeLength: 4,
  isGatecodeAvailable: true,
  autopayAlwaysRequired: false,
};

describe('convenience schema', () => {
  it('requires the gate code when the facility lets the visitor choose one', async () => {
    expect(await errorOf(convenienceSchema(ctx), {}, 'gatecode')).toBe('This field is required');
    expect(await errorOf(convenienceSchema(ctx), { gatecode: '1234' }, 'gatecode')).toBeUndefined();
  });

  it('needs exactly gatecode_length digits', async () => {
    expect(await errorOf(convenienceSchema(ctx), { gatecode: '123' }, 'gatecode')).toBe('Gate code must be 4 digits');
    expect(await errorOf(convenienceSchema(ctx), { gatecode: '12345' }, 'gatecode')).toBe('Gate code must be 4 digits');
    expect(await errorOf(convenienceSchema(ctx), { gatecode: '12a4' }, 'gatecode')).toBe('Gate code must be 4 digits');
    expect(
      await errorOf(convenienceSchema({ ...ctx, gatecodeLength: 6 }), { gatecode: '123456' }, 'gatecode'),
    ).toBeUndefined();
  });

  it("refuses a code the live check found unavailable: 'Sorry! This gatecode is unavailable'", async () => {
    expect(
      await errorOf(convenienceSchema({ ...ctx, isGatecodeAvailable: false }), { gatecode: '1234' }, 'gatecode'),
    ).toBe('Sorry! This gatecode is unavailable');
  });

  it('has no gate code rule when the facility assigns the code', async () => {
    expect(await errorsOf(convenienceSchema({ ...ctx, gatecodeSelectable: false }), {})).toEqual({});
  });

  it('refuses auto_debit false when the facility always requires autopay', async () => {
    const always = convenienceSchema({ ...ctx, autopayAlwaysRequired: true });
    expect(await errorOf(always, { gatecode: '1234', auto_debit: false }, 'auto_debit')).toBe(
      'This facility requires autopay',
    );
    expect(await errorOf(always, { gatecode: '1234', auto_debit: true }, 'auto_debit')).toBeUndefined();
    expect(
      await errorOf(convenienceSchema(ctx), { gatecode: '1234', auto_debit: false }, 'auto_debit'),
    ).toBeUndefined();
  });
});
