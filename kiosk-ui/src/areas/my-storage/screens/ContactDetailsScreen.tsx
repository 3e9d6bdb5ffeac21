import type { TenantContactField } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { LoadFailed } from '../../../components/LoadFailed';
import { Spinner } from '../../../components/Spinner';
import { AddressFields, MAILING_ADDRESS } from '../../../components/form/AddressFields';
import { ContactFields } from '../../../components/form/ContactFields';
import { FieldGroup } from '../../../components/form/FieldGroup';
import { SecondaryContactFields } from '../../../components/form/SecondaryContactFields';
import { contactDetailsSchema, type ContactDetailsValues } from '../forms/contact-details';
import type { ContactDetailsStore } from '../contact-details/ContactDetailsStore';
import { useStores } from '../../../shared/stores/StoresProvider';
import { displayLocale } from '../../../utils/locale';
import { useZipLookup } from '../../../shared/contact/useZipLookup';
import type { SectionScreenProps } from '../../../sections/screen-props';
import './contact-details.css';
import { schemaResolver } from '../../../forms/schema-resolver';

const TENANT_PHONE_AND_EMAIL = { phone: 'tenant_phone', email: 'tenant_email' } as const;

/**
 * The tenant's contact details (docs/contact-details.md): the mailing address, cell phone, e-mail
 * and secondary (lien notice) contact with the rental's fields and rules, prefilled from the
 * account; Save sends them to the operator, whose answer says what changed. Needs a logged-in
 * account: without one the visitor is sent to the login.
 */
const ContactDetailsScreen = observer(function ContactDetailsScreen(_props: SectionScreenProps) {
  const { t } = useTranslation();
  const { contactDetails, account } = useStores();
  const titleId = useId();
  useEffect(() => {
    contactDetails.open();
  }, [contactDetails, account.loggedIn]);

  return (
    <section className="contact-details" aria-labelledby={titleId}>
      <h1 id={titleId} className="contact-details__title">
        {t('my_storage.contact_details.title')}
      </h1>
      {contactDetails.load.state === 'loading' && (
        <div className="contact-details__waiting">
          <p>{t('my_storage.contact_details.loading')}</p>
          <Spinner />
        </div>
      )}
      {contactDetails.load.state === 'failed' && (
        <>
          <p className="contact-details__prompt">{t('my_storage.contact_details.load_failed')}</p>
          <LoadFailed onRetry={() => void contactDetails.loadDetails()} />
        </>
      )}
      {contactDetails.load.state === 'ready' && contactDetails.load.value === null && (
        <p className="contact-details__prompt">{t('my_storage.contact_details.no_rental')}</p>
      )}
      {contactDetails.load.state === 'ready' && contactDetails.load.value && (
        <ContactForm
          key={contactDetails.tenantId ?? ''}
          contactDetails={contactDetails}
          values={contactDetails.load.value}
        />
      )}
    </section>
  );
});

export default ContactDetailsScreen;

const ContactForm = observer(function ContactForm({
  contactDetails,
  values,
}: {
  contactDetails: ContactDetailsStore;
  values: ContactDetailsValues;
}) {
  const { t } = useTranslation();
  const { identity, shell } = useStores();
  const formId = useId();
  const required = contactDetails.secondaryContactRequired;
  const schema = useMemo(
    () =>
      contactDetailsSchema({
        validatePhone: identity.validatePhone,
        secondaryContactRequired: required,
        secondaryEmailRequired: contactDetails.secondaryEmailRequired,
      }),
    [identity, required, contactDetails.secondaryEmailRequired],
  );
  const form = useForm<ContactDetailsValues>({
    resolver: schemaResolver(schema),
    defaultValues: values,
    mode: 'onTouched',
  });
  // The operator's answer is what is on file now: the form starts again from it.
  useEffect(() => {
    form.reset(values);
  }, [form, values]);
  // A field the visitor changes loses the operator's message about its old value.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name) contactDetails.clearServerError(name);
    });
    return () => subscription.unsubscribe();
  }, [form, contactDetails]);
  const mailingZip = useZipLookup(form, 'mailing_zip', 'mailing_state');
  const errors = contactDetails.serverErrors;
  const at = (field: TenantContactField) => errors[field] ?? null;
  const { outcome } = contactDetails;

  const detailNames =
    outcome?.kind === 'saved' ? outcome.details.map((detail) => t(`my_storage.contact_details.details.${detail}`)) : [];
  const list = new Intl.ListFormat(displayLocale(), { style: 'long', type: 'conjunction' });

  return (
    <form
      id={formId}
      noValidate
      className="contact-details__form"
      onSubmit={form.handleSubmit((submitted) => contactDetails.save(submitted))}
    >
      <p className="contact-details__prompt">{t('my_storage.contact_details.prompt')}</p>
      <div className="contact-details__outcome" role="status">
        {outcome?.kind === 'saved' && (
          <>
            <p className="contact-details__saved">
              {t('my_storage.contact_details.saved', { count: detailNames.length, details: list.format(detailNames) })}
            </p>
            {outcome.mailedTo && <p>{t('my_storage.contact_details.mail_sent', { email: outcome.mailedTo })}</p>}
            {outcome.textedOldPhone && <p>{t('my_storage.contact_details.text_sent')}</p>}
          </>
        )}
        {outcome?.kind === 'unchanged' && (
          <p className="contact-details__saved">{t('my_storage.contact_details.unchanged')}</p>
        )}
      </div>
      {outcome?.kind === 'refused' && (
        <p className="kiosk-field-error contact-details__problem" role="alert">
          {t('my_storage.contact_details.refused')}
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <p className="kiosk-field-error contact-details__problem" role="alert">
          {t('my_storage.contact_details.save_failed')}
        </p>
      )}
      <AddressFields
        control={form.control}
        names={MAILING_ADDRESS}
        title={t('my_storage.contact_details.mailing_address')}
        onZipChange={mailingZip}
        errors={{
          address1: at('mailing_address1'),
          address2: at('mailing_address2'),
          city: at('mailing_city'),
          state: at('mailing_state'),
          zip: at('mailing_zip'),
        }}
      />
      <FieldGroup title={t('my_storage.contact_details.phone_and_email')}>
        <ContactFields
          control={form.control}
          names={TENANT_PHONE_AND_EMAIL}
          errors={{ phone: at('tenant_phone'), email: at('tenant_email') }}
        />
      </FieldGroup>
      <section className="contact-details__secondary" aria-labelledby={`${formId}-secondary`}>
        <h2 id={`${formId}-secondary`} className="field-group__title">
          {t('my_storage.contact_details.secondary_contact')}
        </h2>
        <p className="contact-details__note">{t('my_storage.contact_details.secondary_intro')}</p>
        <SecondaryContactFields
          form={form}
          required={required}
          emailRequired={contactDetails.secondaryEmailRequired}
          serverError={at}
        />
      </section>
      <footer className="contact-details__actions">
        <Button variant="secondary" data-keypad-back onClick={() => shell.goHome()}>
          {t('my_storage.contact_details.back')}
        </Button>
        <Button type="submit" disabled={contactDetails.saving}>
          {contactDetails.saving ? t('my_storage.contact_details.saving') : t('my_storage.contact_details.save')}
        </Button>
      </footer>
    </form>
  );
});
