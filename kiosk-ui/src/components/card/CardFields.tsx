import { cardBrand, cvvLength } from '@kiosk/shared-types';
import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cardMask, EXPIRY_MONTHS, expiryYears } from '../../forms/card-rules';
import { MaskedField } from '../form/MaskedField';
import { SelectField } from '../form/SelectField';
import { TextField } from '../form/TextField';
import './card.css';

/** The form field names CardFields writes (the rental form and the pay-bill form name them differently). */
export interface CardFieldNames {
  name: string;
  number: string;
  month: string;
  year: string;
  cvv: string;
}

/** Rental card_details (rental §3 Payment). */
export const RENTAL_CARD_FIELDS: CardFieldNames = {
  name: 'name_on_card',
  number: 'cc_number',
  month: 'cc_exp_month',
  year: 'cc_exp_year',
  cvv: 'cvv',
};

/** Pay My Bill (shell §3 Payment model: card_name, card_number, cc_exp_month, cc_exp_year, cvv). */
export const PAY_CARD_FIELDS: CardFieldNames = {
  name: 'card_name',
  number: 'card_number',
  month: 'cc_exp_month',
  year: 'cc_exp_year',
  cvv: 'cvv',
};

export interface CardFieldLabels {
  name: string;
  number: string;
  month: string;
  year: string;
  cvv: string;
}

export interface CardFieldsProps {
  names?: CardFieldNames;
  /** Defaults to the rental texts ('Name on card', ...); pay bill passes 'Card Name', .... */
  labels?: Partial<CardFieldLabels>;
  /**
   * A swiped card filled the other fields: the CVV is all that is left, so it takes the focus when
   * the fields show and says what to type and where on the card it is.
   */
  cardRead?: boolean;
}

/**
 * The card fields shared by the rental (card_details) and Pay My Bill: name on card, number
 * masked 4-4-4-4 (4-6-5 for 34/37), expiry month (1-12) and year (this year + 20) selects, and
 * the CVV, password-style, its input limited to 3 digits (4 for 34/37). Lives inside the
 * caller's react-hook-form (FormProvider); the caller's yup schema validates the values. After a
 * swipe (`cardRead`) the CVV takes the focus and says where on the card its digits are.
 */
export function CardFields({ names = RENTAL_CARD_FIELDS, labels = {}, cardRead = false }: CardFieldsProps) {
  const { t } = useTranslation();
  const { control, setFocus } = useFormContext<FieldValues>();
  const number = String(useWatch({ control, name: names.number }) ?? '');
  const years = useMemo(() => expiryYears().map((year) => ({ value: year, label: String(year) })), []);
  const text = {
    name: labels.name ?? t('rental.card.name_on_card'),
    number: labels.number ?? t('rental.card.card_number'),
    month: labels.month ?? t('rental.card.exp_month'),
    year: labels.year ?? t('rental.card.exp_year'),
    cvv: labels.cvv ?? t('rental.card.cvv'),
  };
  const maxCvv = cvvLength(number);
  // American Express prints its 4 digits on the front, above the number; other cards 3 on the back.
  const cvvPrompt = cardRead
    ? t(cardBrand(number) === 'amex' ? 'rental.card.cvv_prompt_amex' : 'rental.card.cvv_prompt')
    : undefined;

  useEffect(() => {
    if (cardRead) setFocus(names.cvv);
    // Only when the fields first show: later renders must not pull the focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="card-fields">
      <TextField
        control={control}
        name={names.name}
        label={text.name}
        look="panel"
        className="card-fields__name"
        autoCapitalize="characters"
        maxLength={100}
      />
      <MaskedField
        control={control}
        name={names.number}
        label={text.number}
        look="panel"
        className="card-fields__number"
        mask={cardMask}
      />
      <div className="card-fields__row">
        <SelectField
          control={control}
          name={names.month}
          label={text.month}
          look="panel"
          className="card-fields__month"
          placeholder={t('rental.card.choose_month')}
          options={MONTH_OPTIONS}
        />
        <SelectField
          control={control}
          name={names.year}
          label={text.year}
          look="panel"
          className="card-fields__year"
          placeholder={t('rental.card.choose_year')}
          options={years}
        />
        {/* Digits only, never more than the card's CVV length (rental §5). */}
        <MaskedField
          control={control}
          name={names.cvv}
          label={text.cvv}
          look="panel"
          className="card-fields__cvv"
          type="password"
          mask={'0'.repeat(maxCvv)}
          maxLength={maxCvv}
          hint={cvvPrompt}
        />
      </div>
    </div>
  );
}

const MONTH_OPTIONS = EXPIRY_MONTHS.map((month) => ({ value: month, label: String(month).padStart(2, '0') }));
