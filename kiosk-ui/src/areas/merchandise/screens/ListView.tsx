import type { MerchandiseItem } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { LoadFailed } from '../../../components/LoadFailed';
import { Spinner } from '../../../components/Spinner';
import { isPending } from '../../../models/loadable';
import { useStores } from '../../../shared/stores/StoresProvider';
import { formatMoney } from '../../../utils/money';
import { OPERATOR_LANGUAGE } from '../../../i18n/operator-language';
import { afterTapPaint } from '../../../utils/after-paint';

/**
 * The supplies list, each item with − and + (64 px targets) and how many are in the basket, and
 * the basket beside it: its lines, subtotal, the operator's tax, total and Pay by card. A sold-out
 * answer is said at the top (an alert); the basket's count and total are a polite live region, so
 * a tap on + is heard in audio mode.
 */
export const ListView = observer(function ListView() {
  const { t } = useTranslation();
  const { merchandise } = useStores();
  const { items } = merchandise;
  return (
    <section className="pay-bill merch" aria-labelledby="merch-title">
      <h1 id="merch-title" className="pay-bill__title">
        {t('merchandise.title')}
      </h1>
      <p className="merch__intro">{t('merchandise.intro')}</p>
      <SoldOutMessage />
      {items.state === 'failed' && <LoadFailed onRetry={() => void merchandise.load()} />}
      {isPending(items) && <Spinner label={t('merchandise.loading')} />}
      {items.state === 'ready' && merchandise.list.length === 0 && (
        <p className="merch__none">{t('merchandise.none')}</p>
      )}
      {items.state === 'ready' && merchandise.list.length > 0 && (
        <div className="merch__layout">
          <ul className="merch__items" aria-label={t('merchandise.list_label')}>
            {merchandise.list.map((item) => (
              <ItemRow key={item.item_id} item={item} />
            ))}
          </ul>
          <Basket />
        </div>
      )}
    </section>
  );
});

const SoldOutMessage = observer(function SoldOutMessage() {
  const { t } = useTranslation();
  const { soldOutNames } = useStores().merchandise;
  const names =
    soldOutNames.length <= 1
      ? (soldOutNames[0] ?? '')
      : t('merchandise.and', { first: soldOutNames.slice(0, -1).join(', '), last: soldOutNames.at(-1) });
  return (
    <div role="alert" className="merch__alert-region">
      {soldOutNames.length > 0 && (
        <p className="merch__alert">{t('merchandise.sold_out', { count: soldOutNames.length, names })}</p>
      )}
    </div>
  );
});

const ItemRow = observer(function ItemRow({ item }: { item: MerchandiseItem }) {
  const { t } = useTranslation();
  const { merchandise } = useStores();
  const name = item.name ?? item.item_id;
  const quantity = merchandise.quantity(item.item_id);
  return (
    <li className="merch-item">
      {item.image_url && <img className="merch-item__image" src={item.image_url} alt="" />}
      <div className="merch-item__text">
        <h2 className="merch-item__name" lang={OPERATOR_LANGUAGE}>
          {name}
        </h2>
        {/* Not a paragraph: the screen's arrival is said with its first paragraph, the intro. */}
        <div className="merch-item__price">
          {t('merchandise.each', { price: formatMoney(item.amount, { cents: true }) })}
        </div>
      </div>
      <div className="merch-item__stepper" role="group" aria-label={name}>
        <button
          type="button"
          className="merch-item__step"
          aria-label={t('merchandise.remove', { name })}
          aria-disabled={quantity === 0}
          onClick={() => merchandise.remove(item.item_id)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <span className="merch-item__quantity">
          <span aria-hidden="true">{quantity}</span>
          <span className="kiosk-visually-hidden">{t('merchandise.in_basket', { count: quantity })}</span>
        </span>
        <button
          type="button"
          className="merch-item__step"
          aria-label={t('merchandise.add', { name })}
          onClick={() => merchandise.add(item.item_id)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </li>
  );
});

const Basket = observer(function Basket() {
  const { t } = useTranslation();
  const { merchandise } = useStores();
  const { lines, totals } = merchandise;
  const money = (amount: number) => formatMoney(amount, { cents: true });
  return (
    <aside className="merch-basket" aria-labelledby="merch-basket-title">
      <h2 id="merch-basket-title" className="merch-basket__title">
        {t('merchandise.basket.title')}
      </h2>
      {lines.length === 0 ? (
        <p className="merch-basket__empty">{t('merchandise.basket.empty')}</p>
      ) : (
        <ul className="merch-basket__lines">
          {lines.map((line) => (
            <li key={line.item.item_id} className="merch-basket__row">
              <span>
                {t('merchandise.basket.line', { quantity: line.quantity, name: line.item.name ?? line.item.item_id })}
              </span>
              <span>{money(line.total)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="merch-basket__totals">
        <div className="merch-basket__row">
          <dt>{t('merchandise.basket.subtotal')}</dt>
          <dd>{money(totals.subtotal)}</dd>
        </div>
        {totals.taxed && (
          <div className="merch-basket__row">
            <dt>{t('merchandise.basket.tax')}</dt>
            <dd>{money(totals.tax)}</dd>
          </div>
        )}
      </dl>
      <p className="merch-basket__total" role="status" aria-live="polite" aria-atomic="true">
        <span>{t('merchandise.basket.count', { count: totals.count })}</span>
        <span>
          {t('merchandise.basket.total')} <strong>{money(totals.total)}</strong>
        </span>
      </p>
      <Button block disabled={totals.count === 0} onClick={() => afterTapPaint(merchandise.checkout)}>
        {t('merchandise.basket.pay')}
      </Button>
    </aside>
  );
});
