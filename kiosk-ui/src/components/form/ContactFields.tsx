import { MASKS } from '@kiosk/shared-types';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FieldsControl } from './field-props';
import { useTranslation } from 'react-i18next';
import type { FieldLook } from './FieldShell';
import { MaskedField } from './MaskedField';
import { TextField } from './TextField';

/** The parts of a contact a form may ask for. */
export type ContactPart = 'first_name' | 'last_name' | 'name' | 'email' | 'phone';

/**
 * The form field names ContactFields writes, one per part asked for. The fields show in the order
 * of this map (the Info screen asks for email and phone before the names).
 */
export type ContactFieldNames = Partial<Record<ContactPart, string>>;

export const TENANT_CONTACT = {
  email: 'tenant_email',
  phone: 'tenant_phone',
  first_name: 'tenant_first_name',
  last_name: 'tenant_last_name',
} as const satisfies ContactFieldNames;

export const SECONDARY_CONTACT = {
  first_name: 'secondary_contact_first_name',
  last_name: 'secondary_contact_last_name',
  email: 'secondary_contact_email',
  phone: 'secondary_contact_phone',
} as const satisfies ContactFieldNames;

export const MILITARY_CONTACT = {
  name: 'military_contact_name',
  email: 'military_email',
  phone: 'military_unit_phone',
} as const satisfies ContactFieldNames;

export const BUSINESS_CONTACT = {
  name: 'business_contact_name',
  email: 'business_contact_email',
} as const satisfies ContactFieldNames;

/** The account forms: the e-mail is the user name. */
export const ACCOUNT_EMAIL = { email: 'username' } as const satisfies ContactFieldNames;

export interface ContactFieldsProps<T extends FieldValues, N extends ContactFieldNames> {
  control: FieldsControl<T>;
  names: N;
  /**
   * Labels of the parts, where they are not 'First Name', 'Last Name', 'Email', 'Cell Phone'
   * ('Unit Phone', 'Company Name'); `name` has no default.
   */
  labels?: Partial<Record<keyof N, string>>;
  /** Parts not marked required (all are, unless named here). */
  optional?: readonly (keyof N)[];
  look?: FieldLook;
  /** The server's messages per part, shown when the form's own rules have none. */
  errors?: Partial<Record<keyof N, string | null>>;
}

/**
 * A contact's fields: names as words, the e-mail on the e-mail keyboard, the phone masked
 * (###) ###-#### on the phone keypad. Only the fields inside the caller's group: the group and
 * its title belong to the screen.
 */
export function ContactFields<T extends FieldValues, N extends ContactFieldNames>(props: ContactFieldsProps<T, N>) {
  const { control, names, optional = [], look } = props;
  const labels: Partial<Record<keyof N, string>> = props.labels ?? {};
  const { t } = useTranslation();
  const defaults: Partial<Record<ContactPart, string>> = {
    first_name: t('rental.fields.contact.first_name'),
    last_name: t('rental.fields.contact.last_name'),
    email: t('rental.fields.contact.email'),
    phone: t('rental.fields.contact.phone'),
  };
  const errors: Partial<Record<keyof N, string | null>> = props.errors ?? {};
  const parts = Object.keys(names) as (keyof N & ContactPart)[];
  return (
    <>
      {parts.map((part) => {
        const common = {
          control,
          name: names[part] as FieldPath<T>,
          label: labels[part] ?? defaults[part] ?? '',
          required: !optional.includes(part),
          look,
          error: errors[part],
        };
        if (part === 'email') return <TextField key={part} {...common} kind="email" />;
        if (part === 'phone') return <MaskedField key={part} {...common} mask={MASKS.phone} keyboard="phone" />;
        return <TextField key={part} {...common} />;
      })}
    </>
  );
}
