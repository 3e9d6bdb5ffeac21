import { OWN_INSURANCE_PLAN_ID } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COVERED_CAUSES,
  insuranceBrochures,
  insuranceTitle,
  isPopular,
  offersOwnInsurance,
} from '../../checkout/insurance';
import { Button } from '../../../../components/Button';
import { FieldError } from '../../../../components/form/FieldError';
import { insuranceSchema } from '../../forms/insurance';
import { translateMessage } from '../../../../forms/messages';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { formatMoney } from '../../../../utils/money';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import '../checkout.css';
import { OPERATOR_LANGUAGE } from '../../../../i18n/operator-language';

/**
 * Content insurance (rental §2): the title rule ('Contents Insurance' / 'Contents Protection'),
 * the enabled plans with coverage, monthly premium, 'Most Popular' and 'Select this plan', the
 * own-insurance option (-2) unless insurance is required, the partial list of covered causes and
 * View Brochure. Each choice recalculates the move-in cost; Done needs a choice when plans exist.
 */
export default observer(function ContentInsurance(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, checkout, config, documents } = useStores();
  const listId = useId();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    checkout.choices.enterInsurance();
  }, [checkout]);

  const settings = config.facility;
  const plans = checkout.choices.plans;
  const chosen = rental.model.insurance_id;
  const brochures = insuranceBrochures(documents.nonInteractive);

  const choose = (id: number) => {
    setError(null);
    checkout.choices.selectInsurance(id);
  };
  const done = () => {
    try {
      insuranceSchema({
        hasPlans: plans.length > 0,
        insuranceRequired: Boolean(settings?.insurance_required),
      }).validateSync({ insurance_id: chosen });
    } catch (invalid) {
      setError(translateMessage((invalid as { message?: unknown }).message, t));
      return;
    }
    rental.done({ insurance_id: chosen });
  };

  return (
    <SectionFrame title={t(`rental.insurance.${insuranceTitle(plans)}`)} onDone={done}>
      <p className="checkout-intro">{t('rental.insurance.intro')}</p>
      <ul className="insurance-plans" aria-label={t('rental.insurance.plans_label')} id={listId}>
        {plans.map((plan) => {
          const selected = chosen === plan.insurance_id;
          const planId = `${listId}-${plan.insurance_id}`;
          return (
            <li
              key={plan.insurance_id}
              className={selected ? 'insurance-plan insurance-plan--selected' : 'insurance-plan'}
            >
              {isPopular(plan) && <p className="insurance-plan__badge">{t('rental.insurance.most_popular')}</p>}
              {plan.name && (
                <h2 className="insurance-plan__name" id={`${planId}-name`} lang={OPERATOR_LANGUAGE}>
                  {plan.name}
                </h2>
              )}
              <dl className="insurance-plan__facts" id={`${planId}-facts`}>
                <div>
                  <dt>{t('rental.insurance.coverage')}</dt>
                  <dd className="insurance-plan__coverage">{formatMoney(plan.coverage_amount)}</dd>
                </div>
                <div>
                  <dt>{t('rental.insurance.monthly_premium')}</dt>
                  <dd>
                    {t('rental.insurance.per_month', { amount: formatMoney(plan.monthly_premium, { cents: true }) })}
                  </dd>
                </div>
              </dl>
              <Button
                variant={selected ? 'primary' : 'secondary'}
                block
                aria-pressed={selected}
                // The plan is said with its button: name, coverage and premium.
                aria-describedby={plan.name ? `${planId}-name ${planId}-facts` : `${planId}-facts`}
                onClick={() => choose(plan.insurance_id)}
              >
                {selected ? t('rental.insurance.selected') : t('rental.insurance.select_plan')}
              </Button>
            </li>
          );
        })}
        {offersOwnInsurance(settings) && (
          <li
            className={
              chosen === OWN_INSURANCE_PLAN_ID
                ? 'insurance-plan insurance-plan--own insurance-plan--selected'
                : 'insurance-plan insurance-plan--own'
            }
          >
            <h2 className="insurance-plan__name" id={`${listId}-own`}>
              {t('rental.insurance.own_insurance')}
            </h2>
            {settings?.own_insurance_text && (
              <p className="insurance-plan__own-text" lang={OPERATOR_LANGUAGE}>
                {settings.own_insurance_text}
              </p>
            )}
            <Button
              variant={chosen === OWN_INSURANCE_PLAN_ID ? 'primary' : 'secondary'}
              block
              aria-pressed={chosen === OWN_INSURANCE_PLAN_ID}
              aria-describedby={`${listId}-own`}
              onClick={() => choose(OWN_INSURANCE_PLAN_ID)}
            >
              {chosen === OWN_INSURANCE_PLAN_ID ? t('rental.insurance.selected') : t('rental.insurance.select_plan')}
            </Button>
          </li>
        )}
      </ul>
      <FieldError message={error} />
      <div className="insurance-causes">
        <h2 className="insurance-causes__title">{t('rental.insurance.covered_causes_title')}</h2>
        <ul className="insurance-causes__list">
          {COVERED_CAUSES.map((cause) => (
            <li key={cause}>{t(`rental.insurance.causes.${cause}`)}</li>
          ))}
        </ul>
        {brochures.length > 0 && (
          <Button variant="secondary" onClick={() => rental.goTo('non_interactive_agreements')}>
            {t('rental.insurance.view_brochure')}
          </Button>
        )}
      </div>
    </SectionFrame>
  );
});
