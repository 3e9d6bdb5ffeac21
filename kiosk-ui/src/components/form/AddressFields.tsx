import { LIMITS } from '@kiosk/shared-types';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FieldsControl } from './field-props';
import { useTranslation } from 'react-i18next';
import { FieldGroup } from './FieldGroup';
import { MaskedField } from './MaskedField';
import { SelectField } from './SelectField';
import { TextField } from './TextField';
import { US_STATES } from './us-states';

/** The form field names AddressFields writes (each address of the rental names them its own way). */
export interface AddressFieldNames {
  address1: string;
  address2: string;
  city: string;
  zip: string;
  state: string;
}

/** Rental §5 Mailing (mailing_zip is sent as mailing_zipcode). */
export const MAILING_ADDRESS: AddressFieldNames = {
  address1: 'mailing_address1',
  address2: 'mailing_address2',
  city: 'mailing_city',
  zip: 'mailing_zip',
  state: 'mailing_state',
};

export const SECONDARY_CONTACT_ADDRESS: AddressFieldNames = {
  address1: 'secondary_contact_address1',
  address2: 'secondary_contact_address2',
  city: 'secondary_contact_city',
  zip: 'secondary_contact_zipcode',
  state: 'secondary_contact_state',
};

export const MILITARY_ADDRESS: AddressFieldNames = {
  address1: 'military_address1',
  address2: 'military_address2',
  city: 'military_city',
  zip: 'military_zip',
  state: 'military_state',
};

export const BILLING_ADDRESS: AddressFieldNames = {
  address1: 'billing_address1',
  address2: 'billing_address2',
  city: 'billing_city',
  zip: 'billing_zipcode',
  state: 'billing_state',
};

export type AddressFieldLabels = Record<keyof AddressFieldNames, string>;

export interface AddressFieldsProps<T extends FieldValues> {
  control: FieldsControl<T>;
  names: AddressFieldNames;
  title: ReactNode;
  /** Defaults to 'Address', 'Address Line 2', 'City', 'Zip Code', 'State'; billing passes its own. */
  labels?: Partial<AddressFieldLabels>;
  /** Every accepted zip (the state lookup of mailing, secondary and billing addresses, rental §5). */
  onZipChange?: (zip: string) => void;
  /** The server's messages per part, shown when the form's own rules have none. */
  errors?: Partial<Record<keyof AddressFieldNames, string | null>>;
}

/**
 * An address as one group: address line 1 and 2 across the grid, city, the zip (five digits,
 * masked) and the state select. Address 1, city, zip and state are marked required; the caller's
 * yup schema holds the rules.
 */
export function AddressFields<T extends FieldValues>({
  control,
  names,
  title,
  labels = {},
  onZipChange,
  errors = {},
}: AddressFieldsProps<T>) {
  const { t } = useTranslation();
  const name = (key: keyof AddressFieldNames) => names[key] as FieldPath<T>;
  const text: AddressFieldLabels = {
    address1: labels.address1 ?? t('rental.fields.address.address1'),
    address2: labels.address2 ?? t('rental.fields.address.address2'),
    city: labels.city ?? t('rental.fields.address.city'),
    zip: labels.zip ?? t('rental.fields.address.zip'),
    state: labels.state ?? t('rental.fields.address.state'),
  };
  return (
    <FieldGroup title={title}>
      <TextField
        control={control}
        name={name('address1')}
        label={text.address1}
        className="form-field--wide"
        error={errors.address1}
        required
      />
      <TextField
        control={control}
        name={name('address2')}
        label={text.address2}
        className="form-field--wide"
        error={errors.address2}
      />
      <TextField control={control} name={name('city')} label={text.city} error={errors.city} required />
      <MaskedField
        control={control}
        name={name('zip')}
        label={text.zip}
        mask={'0'.repeat(LIMITS.zipLength)}
        onValueChange={onZipChange}
        error={errors.zip}
        required
      />
      <SelectField
        control={control}
        name={name('state')}
        label={text.state}
        options={US_STATES}
        error={errors.state}
        required
      />
    </FieldGroup>
  );
}
