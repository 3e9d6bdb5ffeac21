import type { TerminalReceipt } from '@kiosk/shared-types';
import { useTranslation } from 'react-i18next';
import './payment.css';

/**
 * The EMV fields of a payment approved on the terminal, as the confirmation screens show them (the
 * printed receipt carries the same: daemon receipts.ts): application label, AID, the masked card
 * number, how the card was read, the authorisation code, the terminal and the reference.
 */
export function TerminalReceiptLines({ receipt }: { receipt: TerminalReceipt }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('payment.receipt.application_label'), receipt.applicationLabel],
    [t('payment.receipt.masked_pan'), receipt.maskedPan],
    [t('payment.receipt.entry_mode'), t(`payment.receipt.entry_modes.${receipt.entryMode}`)],
    [t('payment.receipt.auth_code'), receipt.authCode],
    [t('payment.receipt.aid'), receipt.aid],
    [t('payment.receipt.terminal_id'), receipt.terminalId],
    [t('payment.receipt.reference'), receipt.reference],
  ];
  return (
    <dl className="terminal-receipt" aria-label={t('payment.receipt.title')}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
