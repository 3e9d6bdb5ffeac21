import type { TenantContactField } from '@kiosk/shared-types';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useZipLookup } from '../../shared/contact/useZipLookup';
import { AddressFields, SECONDARY_CONTACT_ADDRESS } from './AddressFields';
import { CheckboxField } from './CheckboxField';
import { ContactFields, SECONDARY_CONTACT } from './ContactFields';
import { FieldGroup } from './FieldGroup';

/** The secondary contact's fields (the rental and MY STORAGE's contact details name them alike). */
export type SecondaryContactField = Extract<TenantContactField, `secondary_contact_${string}`>;

export interface SecondaryContactFieldsProps<T extends FieldValues> {
  /** A form holding no_secondary_contact and the secondary_contact_* fields. */
  form: UseFormReturn<T>;
  /** The facility requires a secondary contact: the waiver is not offered. */
  required: boolean;
  /** The facility requires the contact's e-mail (else it is optional). */
  emailRequired: boolean;
  /** The server's message on a field, shown when the form's own rules have none. */
  serverError?: (field: SecondaryContactField) => string | null;
}

/**
 * The secondary (lien notice) contact (rental §5, docs/contact-details.md): the waiver, unless the
 * facility requires a contact, then, unless waived, the contact's names, e-mail and phone and its
 * address, whose zip fills the state. The rental's secondary contact step and MY STORAGE's contact
 * details both show it; the screen gives the title and intro around it.
 */
export function SecondaryContactFields<T extends FieldValues>({
  form,
  required,
  emailRequired,
  serverError,
}: SecondaryContactFieldsProps<T>) {
  const { t } = useTranslation();
  const waived = useWatch({ control: form.control, name: 'no_secondary_contact' as FieldPath<T> });
  const zipLookup = useZipLookup(
    form,
    'secondary_contact_zipcode' as FieldPath<T>,
    'secondary_contact_state' as FieldPath<T>,
  );
  const at = (field: SecondaryContactField) => serverError?.(field) ?? null;
  return (
    <>
      {!required && (
        <div className="field-group">
          <CheckboxField
            control={form.control}
            name={'no_secondary_contact' as FieldPath<T>}
            label={t('rental.secondary.waive')}
          />
        </div>
      )}
      {!waived && (
        <>
          <FieldGroup title={t('rental.secondary.contact')}>
            <ContactFields
              control={form.control}
              names={SECONDARY_CONTACT}
              optional={emailRequired ? [] : ['email']}
              errors={{
                first_name: at('secondary_contact_first_name'),
                last_name: at('secondary_contact_last_name'),
                phone: at('secondary_contact_phone'),
                email: at('secondary_contact_email'),
              }}
            />
          </FieldGroup>
          <AddressFields
            control={form.control}
            names={SECONDARY_CONTACT_ADDRESS}
            title={t('rental.secondary.address')}
            onZipChange={zipLookup}
            errors={{
              address1: at('secondary_contact_address1'),
              address2: at('secondary_contact_address2'),
              city: at('secondary_contact_city'),
              state: at('secondary_contact_state'),
              zip: at('secondary_contact_zipcode'),
            }}
          />
        </>
      )}
    </>
  );
}
