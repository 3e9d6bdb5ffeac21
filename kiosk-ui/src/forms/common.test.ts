import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { emailRule, nameRule, optionalEmailRule, zipRule } from './common';
import { errorOf } from './test-utils';

const names = yup.object({ name: nameRule() });
const zips = yup.object({ zip: zipRule() });
const emails = yup.object({ email: emailRule(), optional: optionalEmailRule() });

describe('name rule', () => {
  it("is required: 'This field is required'", async () => {
    expect(await errorOf(names, { name: '' }, 'name')).toBe('This field is required');
    expect(await errorOf(names, {}, 'name')).toBe('This field is required');
  });

  it("takes letters and spaces only: 'Must only contain alphabetic characters.'", async () => {
    expect(await errorOf(names, { name: 'Mary Ann' }, 'name')).toBeUndefined();
    expect(await errorOf(names, { name: 'R2D2' }, 'name')).toBe('Must only contain alphabetic characters.');
    expect(await errorOf(names, { name: "O'Brien" }, 'name')).toBe('Must only contain alphabetic characters.');
  });

  it('is at most 45 characters', async () => {
    expect(await errorOf(names, { name: 'a'.repeat(45) }, 'name')).toBeUndefined();
    expect(await errorOf(names, { name: 'a'.repeat(46) }, 'name')).toBe('Must be at most 45 characters');
  });
});

describe('zip rule', () => {
  it("is required, then exactly 5 digits: 'Invalid zip code'", async () => {
    expect(await errorOf(zips, { zip: '' }, 'zip')).toBe('This field is required');
    expect(await errorOf(zips, { zip: '02134' }, 'zip')).toBeUndefined();
    for (const zip of ['0213', '021345', '02a34', '2.134', '-1234']) {
      expect(await errorOf(zips, { zip }, 'zip')).toBe('Invalid zip code');
    }
  });
});

describe('email rules', () => {
  it("require a valid email: 'Invalid email'", async () => {
    expect(await errorOf(emails, { email: '' }, 'email')).toBe('This field is required');
    expect(await errorOf(emails, { email: 'jo@example' }, 'email')).toBe('Invalid email');
    expect(await errorOf(emails, { email: 'jo@example.com' }, 'email')).toBeUndefined();
  });

  it('check an optional email only when given', async () => {
    expect(await errorOf(emails, { email: 'jo@example.com', optional: '' }, 'optional')).toBeUndefined();
    expect(await errorOf(emails, { email: 'jo@example.com', optional: 'nope' }, 'optional')).toBe('Invalid email');
  });
});
