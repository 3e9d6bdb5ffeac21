import { cvvLength } from '@kiosk/shared-types';
import { useMemo } from 'react';
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
}

/**
 * The card fields shared by the rental (card_details) and Pay My Bill: name on card, number
 * masked 4-4-4-4 (4-6-5 for 34/37), expiry month (1-12) and year (this year + 20) selects, and
 * the CVV, password-style, its input limited to 3 digits (4 for 34/37). Lives inside the
 * caller's react-hook-form (FormProvider); the caller's yup schema validates the values.
 */
export function CardFields({ names = RENTAL_CARD_FIELDS, labels = {} }: CardFieldsProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<FieldValues>();
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
        />
      </div>
    </div>
  );
}

const MONTH_OPTIONS = EXPIRY_MONTHS.map((month) => ({ value: month, label: String(month).padStart(2, '0') }));
