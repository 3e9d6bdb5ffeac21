import { yupResolver } from '@hookform/resolvers/yup';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { businessSchema, type BusinessValues } from '../../../forms/business';
import { useStores } from '../../../stores/StoresProvider';
import { ContactFields, BUSINESS_CONTACT } from '../../../components/form/ContactFields';
import { YesNoField } from '../../../components/form/ChoiceField';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../screen-props';

/** Business step (rental §2, §5): 'Business Rental?' Yes or No; Yes asks for company name and email. */
export default observer(function BusinessScreen(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental } = useStores();
  const formId = useId();
  const { business_contact_needed, business_contact_name, business_contact_email } = rental.model;
  const form = useForm<BusinessValues>({
    resolver: yupResolver(businessSchema) as unknown as Resolver<BusinessValues>,
    defaultValues: {
      business_contact_needed: business_contact_needed ?? undefined,
      business_contact_name,
      business_contact_email,
    },
    mode: 'onTouched',
  });
  const yes = useWatch({ control: form.control, name: 'business_contact_needed' });

  return (
    <SectionFrame title={t('rental.business.title')} formId={formId}>
      <form
        id={formId}
        noValidate
        className="rental-form"
        onSubmit={form.handleSubmit((values) => rental.done(values))}
      >
        <div className="field-group">
          <div className="field-group__grid">
            <YesNoField
              control={form.control}
              name="business_contact_needed"
              legend={t('rental.business.question')}
              onChoose={(answer) => rental.setBusinessRental(answer)}
            />
            {yes === true && (
              <ContactFields
                control={form.control}
                names={BUSINESS_CONTACT}
                labels={{ name: t('rental.business.company_name'), email: t('rental.business.company_email') }}
              />
            )}
          </div>
        </div>
      </form>
    </SectionFrame>
  );
});
