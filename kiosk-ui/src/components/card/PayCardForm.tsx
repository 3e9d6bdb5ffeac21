import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { payCardSchema, type PayCardValues } from '../../forms/pay-card';
import { schemaResolver } from '../../forms/schema-resolver';
import type { CardStep } from '../../areas/payment/CardStep';
import { formatMoney } from '../../utils/money';
import { Button } from '../Button';
import { CardFields, PAY_CARD_FIELDS } from './CardFields';
import { scrollBehavior } from '../../utils/motion';
import { submitAfterTapPaint } from '../../utils/after-paint';
import { afterTapPaint } from '../../utils/after-paint';

/** What the form holds before validation: selects and masked inputs give text. */
interface PayCardFormValues {
  card_name: string;
  card_number: string;
  cc_exp_month: string;
  cc_exp_year: string;
  cvv: string;
}

export interface PayCardFormProps {
  /** The screen's title ('Payment information') and its id. */
  title: string;
  titleId: string;
  /** The payment's card step: the swiped card's fields and when to scroll into view. */
  cardStep: CardStep;
  /** The form's id (its submit button sits in the total bar, outside the form). */
  formId: string;
  total: number;
  totalLabel: string;
  submitLabel: string;
  onSubmit: (values: PayCardValues) => Promise<void> | void;
  onBack: () => void;
}

/**
 * Payment information (shell spec §2 state 4, §5), for Pay My Bill and for supplies: the screen's
 * title, Card Name, Card Number, expiry month and year, CVV, with the card rules shared with the
 * rental and 'invalid expiry date' for a past expiry, and a bar of Back, the total and the submit
 * button (laid out by areas/pay-bill/screens/pay-bill.css). After a swipe the CVV takes the focus; after BILLING.scrollToCardFormMs
 * the form is brought into view. The card never reaches a store from here but through `onSubmit`.
 */
export const PayCardForm = observer(function PayCardForm({
  title,
  titleId,
  cardStep,
  formId,
  total,
  totalLabel,
  submitLabel,
  onSubmit,
  onBack,
}: PayCardFormProps) {
  const { t } = useTranslation();
  // A swiped card fills the form once; the store forgets it as soon as the form has it.
  const [defaults] = useState<PayCardFormValues>(() => {
    const swiped = cardStep.cardPrefill;
    return {
      card_name: swiped?.card_name ?? '',
      card_number: swiped?.card_number ?? '',
      cc_exp_month: swiped ? String(swiped.cc_exp_month) : '',
      cc_exp_year: swiped ? String(swiped.cc_exp_year) : '',
      cvv: '',
    };
  });
  const [cardRead] = useState(() => cardStep.cardPrefill !== null);
  useEffect(() => {
    cardStep.takeCardPrefill();
  }, [cardStep]);
  // The store says when the form has been open long enough (shell §9 "Scroll to card form"); a
  // visitor already typing in it is left where they are.
  const formRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!cardStep.cardFormScrollDue) return;
    const form = formRef.current;
    if (form && !form.contains(document.activeElement)) {
      form.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    }
    cardStep.cardFormScrolled();
  }, [cardStep, cardStep.cardFormScrollDue]);
  const schema = useMemo(() => payCardSchema(), []);
  const methods = useForm<PayCardFormValues, unknown, PayCardValues>({
    resolver: schemaResolver(schema),
    defaultValues: defaults,
  });
  const submit = methods.handleSubmit((values) => onSubmit(values));

  return (
    <section ref={formRef} className="pay-bill pay-bill--narrow" aria-labelledby={titleId}>
      <h1 id={titleId} className="pay-bill__title">
        {title}
      </h1>
      <FormProvider {...methods}>
        <form id={formId} className="pay-card" noValidate onSubmit={submitAfterTapPaint(submit)}>
          <CardFields
            cardRead={cardRead}
            names={PAY_CARD_FIELDS}
            labels={{
              name: t('pay_bill.card_form.card_name'),
              number: t('pay_bill.card_form.card_number'),
              month: t('pay_bill.card_form.exp_month'),
              year: t('pay_bill.card_form.exp_year'),
              cvv: t('pay_bill.card_form.cvv'),
            }}
          />
        </form>
      </FormProvider>
      <div className="pay-bill__total-bar">
        <Button variant="secondary" onClick={() => afterTapPaint(onBack)} data-keypad-back>
          {t('pay_bill.back')}
        </Button>
        <p className="pay-bill__total">
          <span>{totalLabel}</span> <strong>{formatMoney(total, { cents: true })}</strong>
        </p>
        <Button type="submit" form={formId} disabled={methods.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </section>
  );
});
