import { LIMITS, MASKS } from '@kiosk/shared-types';
import * as yup from 'yup';
import { optionalEmailRule, optionalString, type StringRule } from '../../../forms/common';
import { parseUsDate } from '../../../utils/dates';
import { MESSAGES } from '../../../forms/messages';
import { SSN_PATTERN } from './military';

/** Field types of the additional-information (panda_fields) step; anything else is text. */
export type DynamicFieldType = 'checkbox' | 'textarea' | 'radiobox' | 'phone' | 'ssn' | 'date' | 'email' | 'text';

/** Dynamic document field (rental §3). */
export interface DynamicField {
  type: DynamicFieldType | (string & {});
  name: string;
  label: string;
  required: boolean;
  value?: string | boolean | null;
  radiobox_group?: string | null;
}

export interface DynamicSection {
  title: string;
  description?: string | null;
  fields: DynamicField[];
}

export type DynamicValues = Record<string, string | boolean>;

/**
 * Radio fields are grouped: the form holds one value per group (the chosen field's name) under
 * this key, so a group behaves like one radio input. An ungrouped radio is a group of its own.
 */
export function radioGroupKey(field: Pick<DynamicField, 'name' | 'radiobox_group'>): string {
  return `radiobox_group:${field.radiobox_group || field.name}`;
}

/** imask pattern for a field, if it has one. */
export function dynamicFieldMask(field: Pick<DynamicField, 'type'>): string | undefined {
  if (field.type === 'phone') return MASKS.phone;
  if (field.type === 'ssn') return MASKS.ssn;
  return undefined;
}

function allFields(sections: readonly DynamicSection[]): DynamicField[] {
  return sections.flatMap((section) => section.fields);
}

function requiredIf(rule: StringRule, required: boolean) {
  return required ? rule.required(MESSAGES.required) : rule;
}

function fieldRule(field: DynamicField): yup.AnySchema {
  switch (field.type) {
    case 'checkbox':
      return field.required
        ? yup.boolean().default(false).oneOf([true], MESSAGES.required)
        : yup.boolean().default(false);
    case 'phone':
      return requiredIf(
        optionalString().test(
          'phone-length',
          MESSAGES.invalidPhone,
          (value) => !value || value.length >= LIMITS.maskedPhoneLength,
        ),
        field.required,
      );
    case 'ssn':
      return requiredIf(
        optionalString().matches(SSN_PATTERN, { message: MESSAGES.invalidSsn, excludeEmptyString: true }),
        field.required,
      );
    case 'date':
      return requiredIf(
        optionalString().test('date', MESSAGES.invalidDate, (value) => !value || parseUsDate(value) !== null),
        field.required,
      );
    case 'email':
      return requiredIf(optionalEmailRule(), field.required);
    default:
      return requiredIf(optionalString(), field.required);
  }
}

/**
 * Builds the schema of the additional-information step from its field definitions (rental §5):
 * required follows each field's flag; radio groups and required radio fields must be checked.
 */
export function dynamicFieldsSchema(sections: readonly DynamicSection[]) {
  const fields = allFields(sections);
  // "Radio groups and required radio fields must be checked": a named group always needs a
  // choice; a radio without a group needs checking only when its flag says so.
  const requiredGroups = new Set(
    fields.filter((field) => field.type === 'radiobox' && (field.radiobox_group || field.required)).map(radioGroupKey),
  );
  const shape: Record<string, yup.AnySchema> = {};
  for (const field of fields) {
    if (field.type === 'radiobox') {
      const key = radioGroupKey(field);
      shape[key] = requiredIf(optionalString(), requiredGroups.has(key));
    } else {
      shape[field.name] = fieldRule(field);
    }
  }
  return yup.object(shape);
}

/** Initial form values from the definitions' values. */
export function dynamicDefaultValues(sections: readonly DynamicSection[]): DynamicValues {
  const values: DynamicValues = {};
  for (const field of allFields(sections)) {
    if (field.type === 'radiobox') {
      const key = radioGroupKey(field);
      if (isTruthy(field.value)) values[key] = field.name;
      else values[key] ??= '';
    } else if (field.type === 'checkbox') {
      values[field.name] = isTruthy(field.value);
    } else {
      values[field.name] = typeof field.value === 'string' ? field.value : '';
    }
  }
  return values;
}

/** Per-field values for the documents: each radio field becomes checked (true) or not. */
export function dynamicFieldValues(sections: readonly DynamicSection[], values: DynamicValues): DynamicValues {
  const out: DynamicValues = {};
  for (const field of allFields(sections)) {
    out[field.name] =
      field.type === 'radiobox' ? values[radioGroupKey(field)] === field.name : (values[field.name] ?? '');
  }
  return out;
}

function isTruthy(value: DynamicField['value']): boolean {
  return value === true || value === 'true' || value === '1' || value === 'on';
}
