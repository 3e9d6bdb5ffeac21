import type { SizeGuideEntry } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sizeAvailability, sizeToGroup, type SizeAvailability } from '../size-guide';
import { Button } from '../../../components/Button';
import { LoadFailed } from '../../../components/LoadFailed';
import { Spinner } from '../../../components/Spinner';
import { useStores } from '../../../shared/stores/StoresProvider';
import type { SectionScreenProps } from '../../../sections/screen-props';
import { mediaSource } from '../../../shared/media/media-kind';
import { MediaPlaceholder } from '../../../components/media/MediaPlaceholder';
import { MediaView } from '../../../components/media/MediaView';
import './browse.css';
import { OPERATOR_LANGUAGE } from '../../../i18n/operator-language';

const SizeCard = observer(function SizeCard({
  size,
  entry,
  focused,
}: {
  size: SizeAvailability;
  entry: SizeGuideEntry | undefined;
  focused: boolean;
}) {
  const { t } = useTranslation();
  const { units, shell } = useStores();
  const ref = useRef<HTMLElement>(null);
  // The video plays when tapped: five looping videos at once would only compete for attention.
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'center' });
  }, [focused]);
  const titleId = `size-${size.size}`;
  const available = size.available > 0;
  const video = entry?.video_url ? mediaSource({ type: 'video', url: entry.video_url }) : null;
  return (
    <article
      ref={ref}
      className={focused ? 'size-card size-card--focused' : 'size-card'}
      aria-labelledby={titleId}
      data-size={size.size}
    >
      <div className="size-card__video">
        {playing && video ? (
          <MediaView
            source={video}
            title={t(size.nameKey)}
            poster={entry?.poster_url}
            placeholder={<MediaPlaceholder item={{ type: 'video', title: t(size.nameKey) }} />}
          />
        ) : (
          <button
            type="button"
            className="size-card__poster"
            disabled={!video}
            aria-label={t('browse.size_guide.play', { size: t(size.nameKey) })}
            onClick={() => setPlaying(true)}
          >
            {entry?.poster_url ? (
              <img src={entry.poster_url} alt="" draggable={false} />
            ) : (
              <span className="media-placeholder">
                <span className="media-placeholder__title">{t(size.nameKey)}</span>
              </span>
            )}
          </button>
        )}
        <span className="size-card__badge" aria-hidden="true">
          {t(size.shortKey)}
        </span>
      </div>
      <div className="size-card__body">
        <h2 id={titleId} className="size-card__title">
          {t(size.nameKey)} <span className="size-card__short">({t(size.shortKey)})</span>
        </h2>
        {entry?.description && (
          <p className="size-card__description" lang={OPERATOR_LANGUAGE}>
            {entry.description}
          </p>
        )}
        {available ? (
          <Button
            block
            onClick={() => {
              units.openUnitGroup(sizeToGroup(size.size));
              shell.selectSection('rent');
            }}
          >
            {t(size.buttonKey)}
          </Button>
        ) : (
          <p className="size-card__none">{t(size.buttonKey)}</p>
        )}
      </div>
    </article>
  );
});

/**
 * SIZE GUIDE (rental §2): 'Which unit size is right for you?', a video per size (Extra Small …
 * Extra Large) and 'CHOOSE THIS SIZE', which opens that unit group on the space list; or 'Sorry,
 * unfortunately no units available in this size'.
 */
export default observer(function SizeGuideScreen(_props: SectionScreenProps) {
  const { t } = useTranslation();
  const { units } = useStores();
  useEffect(() => {
    void units.load();
    // Left by the sidebar: a later visit from elsewhere does not scroll to this card's size.
    return () => units.focusSizeGuide(null);
  }, [units]);
  const sizes = sizeAvailability(units.grouped);
  return (
    <section className="kiosk-screen size-guide" aria-labelledby="size-guide-title">
      <header className="size-guide__header">
        <h1 id="size-guide-title" className="kiosk-heading">
          {t('browse.size_guide.title')}
        </h1>
        <p className="size-guide__subtitle">{t('browse.size_guide.subtitle')}</p>
        <Button variant="secondary" className="size-guide__back" onClick={units.leaveSizeGuide}>
          {t('browse.size_guide.back')}
        </Button>
      </header>
      {units.isLoading ? (
        <Spinner />
      ) : units.status === 'failed' ? (
        <LoadFailed onRetry={() => void units.load()} />
      ) : (
        <div className="size-guide__grid">
          {sizes.map((size) => (
            <SizeCard
              key={size.size}
              size={size}
              entry={units.sizeGuide.find((e) => e.size === size.size)}
              focused={units.sizeGuideFocus === size.size}
            />
          ))}
        </div>
      )}
    </section>
  );
});
