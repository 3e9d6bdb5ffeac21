import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { CardFields, PAY_CARD_FIELDS } from '../../components/card/CardFields';
import { payCardSchema, type PayCardValues } from '../../forms/pay-card';
import { schemaResolver } from '../../forms/schema-resolver';
import { useStores } from '../../stores/StoresProvider';
import { formatMoney } from '../../utils/money';

/** What the form holds before validation: selects and masked inputs give text. */
interface PayCardForm {
  card_name: string;
  card_number: string;
  cc_exp_month: string;
  cc_exp_year: string;
  cvv: string;
}

/**
 * Payment information (shell spec §2 state 4, §5): Card Name, Card Number, expiry month and
 * year, CVV, with the card rules shared with the rental and 'invalid expiry date' for a past
 * expiry. Make a payment submits it (shell spec §4: the form already showing is submitted).
 * After a swipe the CVV takes the focus; after BILLING.scrollToCardFormMs the form is brought
 * into view.
 */
export const CardFormView = observer(function CardFormView() {
  const { t } = useTranslation();
  const { billing } = useStores();
  const { cardEntry } = billing;
  // A swiped card fills the form once; the store forgets it as soon as the form has it.
  const [defaults] = useState<PayCardForm>(() => {
    const swiped = cardEntry.cardPrefill;
    return {
      card_name: swiped?.card_name ?? '',
      card_number: swiped?.card_number ?? '',
      cc_exp_month: swiped ? String(swiped.cc_exp_month) : '',
      cc_exp_year: swiped ? String(swiped.cc_exp_year) : '',
      cvv: '',
    };
  });
  const [cardRead] = useState(() => cardEntry.cardPrefill !== null);
  useEffect(() => {
    cardEntry.takeCardPrefill();
  }, [cardEntry]);
  // The store says when the form has been open long enough (shell §9 "Scroll to card form"); a
  // visitor already typing in it is left where they are.
  const formRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!cardEntry.cardFormScrollDue) return;
    const form = formRef.current;
    if (form && !form.contains(document.activeElement)) {
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      form.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
    }
    cardEntry.cardFormScrolled();
  }, [cardEntry, cardEntry.cardFormScrollDue]);
  const schema = useMemo(() => payCardSchema(), []);
  const methods = useForm<PayCardForm, unknown, PayCardValues>({
    resolver: schemaResolver(schema),
    defaultValues: defaults,
  });
  const submit = methods.handleSubmit((values) => billing.submitPayment(values));

  return (
    <section ref={formRef} className="pay-bill pay-bill--narrow" aria-labelledby="pay-card-title">
      <h1 id="pay-card-title" className="pay-bill__title">
        {t('billing.card_form.title')}
      </h1>
      <FormProvider {...methods}>
        <form id="pay-card-form" className="pay-card" noValidate onSubmit={(event) => void submit(event)}>
          <CardFields
            cardRead={cardRead}
            names={PAY_CARD_FIELDS}
            labels={{
              name: t('billing.card_form.card_name'),
              number: t('billing.card_form.card_number'),
              month: t('billing.card_form.exp_month'),
              year: t('billing.card_form.exp_year'),
              cvv: t('billing.card_form.cvv'),
            }}
          />
        </form>
      </FormProvider>
      <div className="pay-bill__total-bar">
        <Button variant="secondary" onClick={billing.backToUnits} data-keypad-back>
          {t('billing.back')}
        </Button>
        <p className="pay-bill__total">
          <span>{t('billing.grand_total')}</span> <strong>{formatMoney(billing.grandTotal, { cents: true })}</strong>
        </p>
        <Button type="submit" form="pay-card-form" disabled={methods.formState.isSubmitting}>
          {t('billing.make_payment')}
        </Button>
      </div>
    </section>
  );
});
