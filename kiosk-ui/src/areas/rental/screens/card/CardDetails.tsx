import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button';
import { CardFields, RENTAL_CARD_FIELDS } from '../../../../components/card/CardFields';
import { normaliseZip, zipTriggersStateLookup } from '../../../../forms/card-rules';
import { cardSchema } from '../../../../forms/card';
import { schemaResolver } from '../../../../forms/schema-resolver';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { AddressFields, BILLING_ADDRESS } from '../../../../components/form/AddressFields';
import { CheckboxField } from '../../../../components/form/CheckboxField';
import { FieldGroup } from '../../../../components/form/FieldGroup';
import { SectionFrame } from '../SectionFrame';
import { SIDE_PANEL_TOTAL_ID } from '../SidePanel';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import '../checkout.css';
import { submitAfterTapPaint } from '../../../../utils/after-paint';
import { afterTapPaint } from '../../../../utils/after-paint';

/** The card_details form as typed (selects give strings; the schema casts them). */
interface CardFormValues {
  billing_same_as_mailing: boolean;
  billing_address1: string;
  billing_address2: string;
  billing_city: string;
  billing_zipcode: string;
  billing_state: string;
  name_on_card: string;
  cc_number: string;
  cc_exp_month: string;
  cc_exp_year: string;
  cvv: string;
  auto_debit: boolean;
}

/** What the schema hands to onSubmit (months and years cast to numbers). */
type CardFormOutput = Omit<CardFormValues, 'cc_exp_month' | 'cc_exp_year'> & {
  cc_exp_month: number;
  cc_exp_year: number;
};

/**
 * Card details (rental §2, §5): billing same as mailing (default on) or the billing address with a
 * state lookup from the zip; the card (name, number masked 4-4-4-4 or 4-6-5, expiry selects, CVV);
 * the auto-debit checkbox when the facility requires autopay; 'Swipe a different card' and
 * 'Complete Rental'. The card is kept in memory by CheckoutStore until the rental is processed.
 */
export default observer(function CardDetails(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, checkout, config, identity } = useStores();
  const id = useId();
  const settings = config.facility;
  const autopayAsked = Boolean(settings?.autopay_required || settings?.autopay_always_required);
  const model = rental.model;
  const draft = checkout.cardDraft;

  const form = useForm<CardFormValues, unknown, CardFormOutput>({
    resolver: schemaResolver(
      cardSchema({ autopayAlwaysRequired: autopayAsked && Boolean(settings?.autopay_always_required) }),
    ),
    defaultValues: {
      billing_same_as_mailing: model.billing_same_as_mailing,
      billing_address1: model.billing_address1,
      billing_address2: model.billing_address2,
      billing_city: model.billing_city,
      billing_zipcode: model.billing_zipcode,
      billing_state: model.billing_state,
      name_on_card: draft?.name_on_card || model.name_on_card,
      cc_number: draft?.cc_number ?? '',
      cc_exp_month: draft?.cc_exp_month ? String(draft.cc_exp_month) : '',
      cc_exp_year: draft?.cc_exp_year ? String(draft.cc_exp_year) : '',
      cvv: draft?.cvv ?? '',
      auto_debit: model.auto_debit,
    },
  });
  const { control, handleSubmit, setValue } = form;
  const sameAsMailing = useWatch({ control, name: 'billing_same_as_mailing' });
  // A swiped card leaves only the CVV to type (rental §4): CardFields asks for it.
  const [cardRead] = useState(() => Boolean(rental.pick.cardSwiped && draft && !draft.cvv));

  const onZip = (zip: string) => {
    const cut = normaliseZip(zip);
    if (!zipTriggersStateLookup(cut)) return;
    void identity.lookupZipState(cut).then((state) => {
      setValue('billing_state', state ?? '', { shouldValidate: Boolean(state) });
    });
  };

  const submit = handleSubmit((values) => {
    checkout.setCard({
      name_on_card: values.name_on_card,
      cc_number: values.cc_number,
      cc_exp_month: values.cc_exp_month,
      cc_exp_year: values.cc_exp_year,
      cvv: values.cvv,
    });
    const billing = values.billing_same_as_mailing
      ? { billing_same_as_mailing: true }
      : {
          billing_same_as_mailing: false,
          billing_address1: values.billing_address1,
          billing_address2: values.billing_address2,
          billing_city: values.billing_city,
          billing_zipcode: values.billing_zipcode,
          billing_state: values.billing_state,
        };
    rental.done({
      ...billing,
      name_on_card: values.name_on_card,
      ...(autopayAsked ? { auto_debit: values.auto_debit } : {}),
    });
  });

  return (
    <SectionFrame
      title={t('rental.card.details_title')}
      formId={`${id}-form`}
      doneLabel={t('rental.card.complete_rental')}
      doneDescribedBy={SIDE_PANEL_TOTAL_ID}
      footer={
        <Button variant="secondary" onClick={() => afterTapPaint(checkout.swipeDifferentCard)}>
          {t('rental.card.swipe_different')}
        </Button>
      }
    >
      <FormProvider {...form}>
        <form id={`${id}-form`} className="rental-form card-details" noValidate onSubmit={submitAfterTapPaint(submit)}>
          <FieldGroup title={t('rental.card.card_title')}>
            <div className="card-details__card">
              <CardFields names={RENTAL_CARD_FIELDS} cardRead={cardRead} />
            </div>
            {autopayAsked && <CheckboxField control={control} name="auto_debit" label={t('rental.card.auto_debit')} />}
          </FieldGroup>
          <section className="card-details__billing">
            <CheckboxField
              control={control}
              name="billing_same_as_mailing"
              label={t('rental.card.billing_same_as_mailing')}
            />
            {!sameAsMailing && (
              <AddressFields
                control={control}
                names={BILLING_ADDRESS}
                title={t('rental.card.billing_title')}
                labels={{
                  address1: t('rental.card.billing_address1'),
                  address2: t('rental.card.billing_address2'),
                  city: t('rental.card.billing_city'),
                  zip: t('rental.card.billing_zipcode'),
                  state: t('rental.card.billing_state'),
                }}
                onZipChange={onZip}
              />
            )}
          </section>
          <p className="checkout-note">
            {t('rental.card.credit_only')} {t('rental.card.other_payments')}
          </p>
        </form>
      </FormProvider>
    </SectionFrame>
  );
});
