import type { Receipt } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../shared/stores/StoresProvider';
import { Button } from '../Button';
import './print-receipt.css';

export interface PrintReceiptProps {
  /** The receipt of what was just done; null hides the button (nothing to print). */
  build: () => Receipt | null;
  /** Offer 'Print my gate code' (a rental whose gate code is shown). */
  gatecodeOption?: boolean;
}

const LANGUAGE = /^[a-z]{2}(-[A-Z]{2})?$/;

/**
 * 'Print receipt' on a confirmation or result screen. Absent when the kiosk has no printer, replaced
 * by the reason when the printer cannot print, and never in the way: the visitor can go on while it
 * prints. The outcome ('Printing…', 'Take your receipt' or why not) is announced in a live region.
 */
export const PrintReceipt = observer(function PrintReceipt({ build, gatecodeOption = false }: PrintReceiptProps) {
  const { t, i18n } = useTranslation();
  const { printer } = useStores();
  useEffect(() => {
    void printer.open();
  }, [printer]);

  const receipt = build();
  if (!printer.available || receipt === null) return null;
  const state = printer.status?.state;
  const printing = printer.phase === 'printing';
  const unavailable =
    !printer.canPrint && !printing && state !== undefined && state !== 'unknown'
      ? t(`devices.print.unavailable.${state}` as 'devices.print.unavailable.offline')
      : null;
  const outcome =
    printer.phase === 'printing'
      ? t('devices.print.printing')
      : printer.phase === 'printed'
        ? t('devices.print.printed')
        : printer.phase === 'failed' && printer.failure
          ? t(`devices.print.failed.${printer.failure}` as 'devices.print.failed.offline')
          : '';

  const print = () => {
    const current = build();
    if (current) void printer.print(current, LANGUAGE.test(i18n.language) ? i18n.language : 'en');
  };

  return (
    <div className="print-receipt">
      {unavailable === null ? (
        <>
          {gatecodeOption && (
            <label className="print-receipt__option">
              <input
                type="checkbox"
                checked={printer.printGatecode}
                onChange={(event) => printer.setPrintGatecode(event.target.checked)}
              />
              {t('devices.print.gatecode')}
            </label>
          )}
          <Button variant="secondary" onClick={print} disabled={printing} aria-busy={printing}>
            {t('devices.print.button')}
          </Button>
        </>
      ) : (
        <p className="print-receipt__unavailable">{unavailable}</p>
      )}
      <p className="print-receipt__outcome" role="status" aria-live="polite">
        {outcome}
      </p>
    </div>
  );
});
