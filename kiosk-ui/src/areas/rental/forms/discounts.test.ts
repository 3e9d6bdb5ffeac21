import { describe, expect, it } from 'vitest';
import { formatUsDate, seniorBirthdayRange } from '../../../utils/dates';
import { discountsSchema } from './discounts';
import { errorOf, errorsOf } from '../../../forms/test-utils';

const today = new Date(2025, 5, 15);
const schema = discountsSchema({ seniorCitizenAge: 55, today });

describe('discounts schema', () => {
  it('asks nothing for None', async () => {
    expect(await errorsOf(schema, { senior: false, student: false })).toEqual({});
  });

  it('requires the senior birthday', async () => {
    expect(await errorsOf(schema, { senior: true })).toEqual({ birthday: 'This field is required' });
  });

  it('takes a birthday in the range starting senior_citizen_age years ago with a 60-year span', async () => {
    const range = seniorBirthdayRange(55, today);
    expect(formatUsDate(range.max)).toBe('06/15/1970');
    expect(formatUsDate(range.min)).toBe('06/15/1910');
    expect(await errorOf(schema, { senior: true, birthday: '06/15/1970' }, 'birthday')).toBeUndefined();
    expect(await errorOf(schema, { senior: true, birthday: '06/15/1910' }, 'birthday')).toBeUndefined();
    expect(await errorOf(schema, { senior: true, birthday: '06/16/1970' }, 'birthday')).toBe(
      'Choose a birthday from 06/15/1910 to 06/15/1970',
    );
    expect(await errorOf(schema, { senior: true, birthday: '06/14/1910' }, 'birthday')).toBe(
      'Choose a birthday from 06/15/1910 to 06/15/1970',
    );
  });

  it('reads the birthday as MM/DD/YYYY', async () => {
    expect(await errorOf(schema, { senior: true, birthday: '1960-01-01' }, 'birthday')).toBe('Invalid date');
  });

  it('requires school_name and student_id for the student discount', async () => {
    expect(await errorsOf(schema, { student: true })).toEqual({
      school_name: 'This field is required',
      student_id: 'This field is required',
    });
    expect(await errorsOf(schema, { student: true, school_name: 'State U', student_id: 'S-1' })).toEqual({});
  });

  it('keeps senior and student exclusive', async () => {
    expect(
      await errorOf(
        schema,
        { senior: true, birthday: '01/01/1960', student: true, school_name: 'U', student_id: '1' },
        'student',
      ),
    ).toBe('Choose only one discount');
  });
});
