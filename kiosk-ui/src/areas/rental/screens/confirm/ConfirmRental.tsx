import { CARD_FAILURE_CODES, type CardFailureCode } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button';
import { PrintReceipt } from '../../../../components/printer/PrintReceipt';
import { TerminalReceiptLines } from '../../../payment/TerminalReceiptLines';
import { isSmartAccessConfirm, nextSection } from '../../flow/flow';
import { rentalReceipt, reservationReceipt } from '../../receipts';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { OPERATOR_LANGUAGE } from '../../../../i18n/operator-language';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import { PasswordForm } from './PasswordForm';
import { TextMessageForm } from './TextMessageForm';
import '../checkout.css';

/**
 * Confirm rental (rental §2, §4 "Finalising"): 'Congratulations' and 'Your {reservation/rental} is
 * confirmed!' with the gate code (or the reservation code) and 'send gate code by text'; or the
 * failure variant ('Oops!', what did not go through, 'Please ask the Manager for help.') whose
 * Done reads 'Retry Payment'. Done is labelled with what comes next: 'Create Your Online Account',
 * 'Setup Access Control' or 'Finish' (which ends the session).
 *
 * A rental at a smart-access (keyless) facility is confirmed by the spec's smart-access variant:
 * 'Almost Done!', 'Simply choose a password to access your online account.' with the password
 * form on this screen, for every tenant, new or existing (flow.ts isSmartAccessConfirm).
 */
const isCardFailureCode = (code: string): code is CardFailureCode =>
  (CARD_FAILURE_CODES as readonly string[]).includes(code);

export default observer(function ConfirmRental(_props: RentalSectionProps) {
  const { t, i18n } = useTranslation();
  const root = useStores();
  const { rental, checkout, config } = root;
  const doneLabel = t(checkout.confirmDoneKey as 'rental.flow.finish');
  const passwordFormId = `${useId()}-password`;

  if (checkout.processState === 'failed') {
    const error = checkout.processingError;
    const what = error?.card
      ? t('rental.confirm.card_failed')
      : checkout.isReservation
        ? t('rental.confirm.reservation_failed')
        : t('rental.confirm.rental_failed');
    // A card refusal the kiosk knows is said in the visitor's words; the operator's own message
    // stays as written, marked as English so speech reads it in the English voice.
    const known = error?.card && error.code && isCardFailureCode(error.code) ? error.code : null;
    const detail =
      known && i18n.language !== OPERATOR_LANGUAGE ? (
        <p className="confirm__detail">{t(`rental.confirm.card_failure.${known}`)}</p>
      ) : (
        error?.message && (
          <p className="confirm__detail" lang={OPERATOR_LANGUAGE}>
            {error.message}
          </p>
        )
      );
    return (
      <SectionFrame title={t('rental.confirm.oops')} hideCancel doneLabel={doneLabel} onDone={checkout.retry}>
        <div className="confirm confirm--failed" role="alert">
          <p className="confirm__headline">{what}</p>
          {detail}
          <p className="confirm__help">{t('rental.confirm.ask_manager')}</p>
          {!checkout.gaveUp && error?.card && (
            <p className="confirm__retry">{t('rental.confirm.press_to_retry', { button: doneLabel })}</p>
          )}
        </div>
      </SectionFrame>
    );
  }

  const rentalResult = checkout.rentalResult;
  const reservation = checkout.reservationResult;
  const onDone = () => (nextSection(rental.flow) ? rental.done() : checkout.finish());
  const showGatecode = Boolean(rentalResult?.gatecode) && config.facility?.show_gatecode !== false;

  const smartAccess =
    rentalResult !== null && isSmartAccessConfirm({ noke: Boolean(config.facility?.noke), reservation: false });
  const frame = smartAccess
    ? {
        title: t('rental.new_account.almost_done'),
        subtitle: t('rental.new_account.choose_password'),
        formId: passwordFormId,
        doneDisabled: checkout.confirmation.passwordState === 'saving',
        footer: (
          <Button variant="secondary" onClick={onDone}>
            {t('rental.new_account.skip')}
          </Button>
        ),
      }
    : { title: t('rental.confirm.congratulations'), onDone };

  return (
    // The space is rented: no CHANGE any more, so no side panel.
    <SectionFrame {...frame} hideCancel sidePanel={false} doneLabel={doneLabel}>
      <div className="confirm">
        <p className="confirm__headline" data-speak-on-arrival>
          {reservation ? t('rental.confirm.confirmed_reservation') : t('rental.confirm.confirmed_rental')}
        </p>
        {rentalResult && (
          <dl className="confirm__facts" data-speak-on-arrival data-private>
            <div>
              <dt>{t('rental.confirm.unit', { door: rentalResult.unit_door_number })}</dt>
              <dd>{t('rental.confirm.move_in', { date: rentalResult.move_in_date })}</dd>
            </div>
            {showGatecode && (
              <div className="confirm__code">
                <dt>{t('rental.confirm.gatecode')}</dt>
                <dd className="confirm__code-value" data-speak-digits>
                  {rentalResult.gatecode}
                </dd>
              </div>
            )}
          </dl>
        )}
        {showGatecode && rentalResult?.access_info && (
          <p className="confirm__access" lang={OPERATOR_LANGUAGE} data-speak-on-arrival>
            {rentalResult.access_info}
          </p>
        )}
        {reservation && (
          <dl className="confirm__facts" data-speak-on-arrival data-private>
            <div>
              <dt>{t('rental.confirm.unit', { door: reservation.unit_door_number })}</dt>
              <dd>{t('rental.confirm.move_in', { date: reservation.move_in_date })}</dd>
            </div>
            <div className="confirm__code">
              <dt>{t('rental.confirm.reservation_code')}</dt>
              <dd className="confirm__code-value">{reservation.reservation_code}</dd>
            </div>
          </dl>
        )}
        {rentalResult && checkout.terminalPayment && (
          <TerminalReceiptLines receipt={checkout.terminalPayment.receipt} />
        )}
        {rentalResult && <PrintReceipt build={() => rentalReceipt(root, t)} gatecodeOption={showGatecode} />}
        {reservation && <PrintReceipt build={() => reservationReceipt(root)} />}
        {smartAccess && <PasswordForm formId={passwordFormId} onSaved={onDone} />}
        {showGatecode && (
          <TextMessageForm
            title={t('rental.confirm.text_title')}
            buttonLabel={t('rental.confirm.send')}
            onSend={checkout.confirmation.sendGateCodeText}
          />
        )}
      </div>
    </SectionFrame>
  );
});
