import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { PrintReceipt } from '../../../components/printer/PrintReceipt';
import { merchandiseReceipt } from '../receipts';
import { useStores } from '../../../shared/stores/StoresProvider';
import { formatMoney } from '../../../utils/money';
import { TerminalReceiptLines } from '../../payment/TerminalReceiptLines';
import { afterTapPaint } from '../../../utils/after-paint';

/**
 * The sale's answer: Thank you! with the sale number, what was bought, the total and Print
 * receipt, then Buy more supplies or Done; or Oops! with the card's refusal worded in the visitor's
 * language, the basket kept, and Use a different card or Back to basket.
 */
export const ResultView = observer(function ResultView() {
  const { t } = useTranslation();
  const root = useStores();
  const { merchandise, shell } = root;
  const { sale, paidCard, refusal } = merchandise;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const money = (amount: number) => formatMoney(amount, { cents: true });

  if (!sale) {
    return (
      <section className="pay-bill pay-bill--narrow pay-result" aria-labelledby="merch-result-title">
        <h1 id="merch-result-title" className="pay-bill__title" ref={heading} tabIndex={-1}>
          {t('merchandise.result.failure_title')}
        </h1>
        <p className="pay-result__message">
          {t(`merchandise.result.${refusal && refusal !== 'sold_out' ? refusal : 'failed'}`)}
        </p>
        {refusal !== 'charged' && <p className="pay-result__message">{t('merchandise.result.basket_kept')}</p>}
        <div className="pay-bill__footer">
          <Button variant="secondary" onClick={() => afterTapPaint(merchandise.backToBasket)}>
            {t('merchandise.result.back_to_basket')}
          </Button>
          {refusal !== 'charged' && (
            <Button onClick={() => afterTapPaint(merchandise.useDifferentCard)}>
              {t('merchandise.result.use_different_card')}
            </Button>
          )}
        </div>
      </section>
    );
  }

  return (
    <section className="pay-bill pay-bill--narrow pay-result" aria-labelledby="merch-result-title">
      <h1 id="merch-result-title" className="pay-bill__title" ref={heading} tabIndex={-1}>
        {t('merchandise.result.success_title')}
      </h1>
      <p className="pay-result__message">{t('merchandise.result.success_message')}</p>
      <p className="merch-result__sale">{t('merchandise.result.sale', { id: sale.sale_id })}</p>
      <div className="merch-basket merch-result__summary">
        <ul className="merch-basket__lines">
          {sale.items.map((line) => (
            <li key={line.item_id} className="merch-basket__row">
              <span>{t('merchandise.basket.line', { quantity: line.quantity, name: line.name })}</span>
              <span>{money(line.total)}</span>
            </li>
          ))}
        </ul>
        <dl className="merch-basket__totals">
          <div className="merch-basket__row">
            <dt>{t('merchandise.basket.subtotal')}</dt>
            <dd>{money(sale.subtotal)}</dd>
          </div>
          {sale.tax > 0 && (
            <div className="merch-basket__row">
              <dt>{t('merchandise.basket.tax')}</dt>
              <dd>{money(sale.tax)}</dd>
            </div>
          )}
          <div className="merch-basket__row merch-basket__row--total">
            <dt>{t('merchandise.basket.total')}</dt>
            <dd>{money(sale.total)}</dd>
          </div>
        </dl>
        {paidCard && (
          <p className="merch-result__card">{t('merchandise.result.paid_with', { last4: paidCard.last4 })}</p>
        )}
        {merchandise.terminalReceipt && <TerminalReceiptLines receipt={merchandise.terminalReceipt} />}
      </div>
      <PrintReceipt build={() => merchandiseReceipt(root)} />
      <div className="pay-bill__footer">
        <Button variant="secondary" onClick={() => afterTapPaint(merchandise.buyMore)}>
          {t('merchandise.result.buy_more')}
        </Button>
        <Button onClick={shell.goHome}>{t('merchandise.result.done')}</Button>
      </div>
    </section>
  );
});
