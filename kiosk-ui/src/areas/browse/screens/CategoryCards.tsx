import type { UnitGroup } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { BEST_PRICE_KEY, LEFT_COUNT_KEY, type UnitGroupSummary } from '../categories';
import { Button } from '../../../components/Button';
import { useStores } from '../../../shared/stores/StoresProvider';
import { formatMoney } from '../../../utils/money';
import { afterTapPaint } from '../../../utils/after-paint';

/** The poster of the size-guide video that fits a card (its own size, else the first one). */
function usePoster(group: UnitGroup): string | null {
  const { units } = useStores();
  const entry = units.sizeGuide.find((e) => e.size === group) ?? units.sizeGuide[0];
  return entry?.poster_url ?? null;
}

const CategoryCard = observer(function CategoryCard({ summary }: { summary: UnitGroupSummary }) {
  const { t } = useTranslation();
  const { units, shell } = useStores();
  const poster = usePoster(summary.group);
  const open = units.openGroup === summary.group;
  const titleId = `category-${summary.group}`;
  return (
    <article
      className={open ? 'category-card category-card--open' : 'category-card'}
      aria-labelledby={titleId}
      data-group={summary.group}
    >
      <h2 id={titleId} className="category-card__title">
        {t(summary.titleKey)}
      </h2>
      <p
        id={`${titleId}-left`}
        className={summary.left > 0 ? 'category-card__left' : 'category-card__left category-card__left--none'}
      >
        {t(LEFT_COUNT_KEY, { count: summary.left })}
      </p>
      {summary.bestRate !== null && (
        <p id={`${titleId}-price`} className="category-card__price">
          <span className="category-card__price-label">{t(BEST_PRICE_KEY)}</span>
          <span className="category-card__price-value">{formatMoney(summary.bestRate)}</span>
        </p>
      )}
      <Button
        className="category-card__select"
        aria-expanded={open}
        aria-controls={open ? 'unit-group-panel' : undefined}
        // What the card shows, said with its button: the size, how many are left, the price "from".
        aria-describedby={[titleId, `${titleId}-left`, summary.bestRate !== null ? `${titleId}-price` : '']
          .join(' ')
          .trim()}
        onClick={() => afterTapPaint(() => units.toggleGroup(summary.group))}
      >
        {t('browse.select')}
      </Button>
      <button
        type="button"
        className="category-card__fits"
        onClick={() => {
          units.focusSizeGuide(summary.group);
          shell.selectSection('size_guide');
        }}
      >
        <span className="category-card__fits-thumb" aria-hidden="true">
          {poster && <img src={poster} alt="" draggable={false} />}
        </span>
        <span className="category-card__fits-label">{t('browse.category.see_what_fits')}</span>
      </button>
    </article>
  );
});

/** Unit category cards in the spec's order (Wine Storage … Other Units). */
export const CategoryCards = observer(function CategoryCards() {
  const { units } = useStores();
  return (
    <div className="category-cards">
      {units.groups.map((summary) => (
        <CategoryCard key={summary.group} summary={summary} />
      ))}
    </div>
  );
});
