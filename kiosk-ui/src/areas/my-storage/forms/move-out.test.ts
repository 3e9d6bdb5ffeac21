import { describe, expect, it } from 'vitest';
import { moveOutSchema } from './move-out';

const today = new Date(2025, 6, 15);
const errorOf = async (values: Record<string, string>) => {
  try {
    await moveOutSchema(today).validate(values, { abortEarly: false });
    return null;
  } catch (error) {
    return (error as { errors: unknown[] }).errors;
  }
};

describe('moveOutSchema', () => {
  it('takes a unit and a date from tomorrow to a year ahead', async () => {
    expect(await errorOf({ unit: 'demo/t-1/sp-b-13', move_out_date: '07/16/2025' })).toBeNull();
    expect(await errorOf({ unit: 'demo/t-1/sp-b-13', move_out_date: '07/15/2026' })).toBeNull();
  });

  it('refuses today, a year and a day ahead, a date that is not one, and a missing unit', async () => {
    const range = { key: 'validation.reservation_date_range', values: { min: '07/16/2025', max: '07/15/2026' } };
    expect(await errorOf({ unit: 'u', move_out_date: '07/15/2025' })).toEqual([range]);
    expect(await errorOf({ unit: 'u', move_out_date: '07/16/2026' })).toEqual([range]);
    expect(await errorOf({ unit: 'u', move_out_date: '13/01/2025' })).toEqual(['validation.invalid_date']);
    expect(await errorOf({ unit: '', move_out_date: '07/16/2025' })).toEqual(['common.field.required']);
  });
});
