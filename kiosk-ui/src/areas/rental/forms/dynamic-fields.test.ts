import { describe, expect, it } from 'vitest';
import {
  dynamicDefaultValues,
  dynamicFieldMask,
  dynamicFieldsSchema,
  dynamicFieldValues,
  radioGroupKey,
  type DynamicField,
  type DynamicSection,
} from './dynamic-fields';
import { errorOf, errorsOf } from '../../../forms/test-utils';

const field = (overrides: Partial<DynamicField> & Pick<DynamicField, 'type' | 'name'>): DynamicField => ({
  label: overrides.name,
  required: false,
  value: null,
  radiobox_group: null,
  ...overrides,
});

const sections: DynamicSection[] = [
  {
    title: 'About you',
    fields: [
      field({ type: 'text', name: 'employer', required: true }),
      field({ type: 'textarea', name: 'notes' }),
      field({ type: 'checkbox', name: 'agree', required: true }),
      field({ type: 'checkbox', name: 'newsletter' }),
      field({ type: 'phone', name: 'work_phone', required: true }),
      field({ type: 'phone', name: 'home_phone' }),
      field({ type: 'ssn', name: 'ssn' }),
      field({ type: 'date', name: 'dob', required: true }),
      field({ type: 'email', name: 'alt_email' }),
    ],
  },
  {
    title: 'Storage use',
    fields: [
      field({ type: 'radiobox', name: 'use_home', radiobox_group: 'use', value: null }),
      field({ type: 'radiobox', name: 'use_business', radiobox_group: 'use' }),
      field({ type: 'radiobox', name: 'lone_required', required: true }),
      field({ type: 'radiobox', name: 'lone_optional' }),
    ],
  },
];

const schema = dynamicFieldsSchema(sections);
const useGroup = radioGroupKey({ name: 'use_home', radiobox_group: 'use' });
const loneRequired = radioGroupKey({ name: 'lone_required' });

const filled = {
  employer: 'Acme',
  notes: '',
  agree: true,
  newsletter: false,
  work_phone: '(555) 123-4567',
  home_phone: '',
  ssn: '',
  dob: '01/02/1980',
  alt_email: '',
  [useGroup]: 'use_home',
  [loneRequired]: 'lone_required',
};

describe('dynamic fields schema', () => {
  it('accepts filled required fields and empty optional ones', async () => {
    expect(await errorsOf(schema, filled)).toEqual({});
  });

  it("makes required follow each field's flag, radio groups and required radios included", async () => {
    expect(await errorsOf(schema, dynamicDefaultValues(sections))).toEqual({
      employer: 'This field is required',
      agree: 'This field is required',
      work_phone: 'This field is required',
      dob: 'This field is required',
      [useGroup]: 'This field is required',
      [loneRequired]: 'This field is required',
    });
  });

  it("phone: mask (###) ###-#### and at least 14 characters: 'Invalid Phone Number'", async () => {
    expect(dynamicFieldMask({ type: 'phone' })).toBe('(000) 000-0000');
    expect(await errorOf(schema, { ...filled, work_phone: '(555) 123-456' }, 'work_phone')).toBe(
      'Invalid Phone Number',
    );
    expect(await errorOf(schema, { ...filled, home_phone: '(555) 1' }, 'home_phone')).toBe('Invalid Phone Number');
  });

  it('ssn: mask ###-##-####, checked when given', async () => {
    expect(dynamicFieldMask({ type: 'ssn' })).toBe('000-00-0000');
    expect(dynamicFieldMask({ type: 'text' })).toBeUndefined();
    expect(await errorOf(schema, { ...filled, ssn: '123-45-678' }, 'ssn')).toBe('Invalid SSN');
    expect(await errorOf(schema, { ...filled, ssn: '123-45-6789' }, 'ssn')).toBeUndefined();
  });

  it('email: valid when given; date: MM/DD/YYYY', async () => {
    expect(await errorOf(schema, { ...filled, alt_email: 'x@' }, 'alt_email')).toBe('Invalid email');
    expect(await errorOf(schema, { ...filled, dob: '1980-01-02' }, 'dob')).toBe('Invalid date');
  });

  it('treats an unknown type as text', async () => {
    const odd = dynamicFieldsSchema([
      { title: '', fields: [field({ type: 'signature', name: 'sig', required: true })] },
    ]);
    expect(await errorsOf(odd, { sig: '' })).toEqual({ sig: 'This field is required' });
    expect(await errorsOf(odd, { sig: 'x' })).toEqual({});
  });
});

describe('dynamic field values', () => {
  it('start from the definitions: a pre-checked radio selects its group', () => {
    const preset: DynamicSection[] = [
      {
        title: '',
        fields: [
          field({ type: 'radiobox', name: 'a', radiobox_group: 'g' }),
          field({ type: 'radiobox', name: 'b', radiobox_group: 'g', value: true }),
          field({ type: 'checkbox', name: 'c', value: 'true' }),
          field({ type: 'text', name: 'd', value: 'hello' }),
        ],
      },
    ];
    expect(dynamicDefaultValues(preset)).toEqual({
      [radioGroupKey({ name: 'a', radiobox_group: 'g' })]: 'b',
      c: true,
      d: 'hello',
    });
  });

  it('turn each radio back into checked or not for the documents', () => {
    const out = dynamicFieldValues(sections, filled);
    expect(out.use_home).toBe(true);
    expect(out.use_business).toBe(false);
    expect(out.lone_required).toBe(true);
    expect(out.lone_optional).toBe(false);
    expect(out.employer).toBe('Acme');
  });
});
