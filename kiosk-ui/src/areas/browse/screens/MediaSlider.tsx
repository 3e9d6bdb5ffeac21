import { SCREEN, type MediaItem } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildMediaLists, SLIDER_ITEM_WIDTH, type SliderItem } from '../media';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { useStores } from '../../../shared/stores/StoresProvider';
import { mediaSource, thumbnailOf } from '../../../shared/media/media-kind';
import { MediaPlaceholder } from '../../../components/media/MediaPlaceholder';
import { MediaView } from '../../../components/media/MediaView';

function Thumb({
  item,
  onOpen,
  className,
  size,
}: {
  item: MediaItem;
  onOpen: () => void;
  className?: string;
  /** A fixed size (the map thumbnail, rental §9); otherwise the thumb fills its slider item. */
  size?: { width: number; height: number };
}) {
  const { t } = useTranslation();
  const thumb = thumbnailOf(item);
  const label = item.title ?? t(`browse.media.types.${item.type}`);
  return (
    <button
      type="button"
      className={['media-thumb', className ?? ''].join(' ').trim()}
      style={size}
      onClick={onOpen}
      aria-label={t('browse.media.open', { title: label })}
    >
      <MediaView
        source={thumb ? { kind: 'image', url: thumb } : null}
        title=""
        placeholder={<MediaPlaceholder item={item} compact />}
      />
      {item.type === 'video' && (
        <span className="media-thumb__badge" aria-hidden="true">
          ▶
        </span>
      )}
    </button>
  );
}

function SlotColumn({ slot, open }: { slot: Extract<SliderItem, { kind: 'map_slot' }>; open: (i: number) => void }) {
  return (
    <li className="media-slider__item media-slider__item--map" style={{ width: SLIDER_ITEM_WIDTH }}>
      {slot.map && slot.mapPopupIndex !== null && (
        <Thumb
          item={slot.map}
          className="media-thumb--map"
          size={SCREEN.mapThumbnail}
          onOpen={() => open(slot.mapPopupIndex as number)}
        />
      )}
      {slot.streetView && slot.streetViewPopupIndex !== null && (
        <Thumb
          item={slot.streetView}
          className="media-thumb--map"
          size={SCREEN.mapThumbnail}
          onOpen={() => open(slot.streetViewPopupIndex as number)}
        />
      )}
    </li>
  );
}

function PopupItem({ item }: { item: MediaItem }) {
  const { t } = useTranslation();
  const source = mediaSource(item);
  return (
    <MediaView
      source={source}
      title={item.title ?? t(`browse.media.types.${item.type}`)}
      placeholder={<MediaPlaceholder item={item} />}
      className={source?.kind === 'page' ? 'media-popup__frame' : `media-popup__${source?.kind ?? 'image'}`}
      poster={thumbnailOf(item) ?? undefined}
      width={SCREEN.videoEmbed.width}
      height={SCREEN.videoEmbed.height}
    />
  );
}

/**
 * The detail page's media slider (rental §2, §9): 285 px items, the map and street view stacked
 * in the slot at position 2, a spinner for the first second, and a popup that pages through the
 * photos, map, street view and videos in the spec's order.
 */
export const MediaSlider = observer(function MediaSlider() {
  const { t } = useTranslation();
  const { units } = useStores();
  const [popupIndex, setPopupIndex] = useState<number | null>(null);
  const [spinning, setSpinning] = useState(true);
  const track = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSpinning(false), SCREEN.mediaSpinnerMs);
    return () => clearTimeout(timer);
  }, []);

  const { slider, popup } = buildMediaLists(units.media);
  if (!slider.length) return null;
  const current = popupIndex === null ? null : (popup[popupIndex] ?? null);
  const scrollBy = (direction: number) =>
    track.current?.scrollBy({ left: direction * SLIDER_ITEM_WIDTH * 2, behavior: 'smooth' });

  return (
    <section className="media-slider" aria-label={t('browse.media.label')}>
      <Button
        variant="secondary"
        className="media-slider__nav"
        aria-label={t('browse.media.previous')}
        onClick={() => scrollBy(-1)}
      >
        ‹
      </Button>
      <div className="media-slider__viewport">
        {spinning && (
          <div className="media-slider__spinner">
            <Spinner />
          </div>
        )}
        <ul ref={track} className="media-slider__track">
          {slider.map((entry, index) =>
            entry.kind === 'map_slot' ? (
              <SlotColumn key={`slot-${index}`} slot={entry} open={setPopupIndex} />
            ) : (
              <li
                key={`${entry.item.url}-${index}`}
                className="media-slider__item"
                style={{ width: SLIDER_ITEM_WIDTH }}
              >
                <Thumb item={entry.item} onOpen={() => setPopupIndex(entry.popupIndex)} />
              </li>
            ),
          )}
        </ul>
      </div>
      <Button
        variant="secondary"
        className="media-slider__nav"
        aria-label={t('browse.media.next')}
        onClick={() => scrollBy(1)}
      >
        ›
      </Button>
      <Dialog
        open={current !== null}
        title={current ? (current.title ?? t(`browse.media.types.${current.type}`)) : ''}
        onClose={() => setPopupIndex(null)}
        className="media-popup"
        actions={
          <>
            <Button
              variant="secondary"
              disabled={popupIndex === 0}
              onClick={() => setPopupIndex((i) => Math.max((i ?? 0) - 1, 0))}
            >
              {t('browse.media.previous')}
            </Button>
            <Button onClick={() => setPopupIndex(null)}>{t('common.close')}</Button>
            <Button
              variant="secondary"
              disabled={popupIndex === popup.length - 1}
              onClick={() => setPopupIndex((i) => Math.min((i ?? 0) + 1, popup.length - 1))}
            >
              {t('browse.media.next')}
            </Button>
          </>
        }
      >
        {current && (
          <div className="media-popup__stage">
            <PopupItem key={popupIndex} item={current} />
            <p className="media-popup__count">
              {t('browse.media.position', { position: (popupIndex ?? 0) + 1, total: popup.length })}
            </p>
          </div>
        )}
      </Dialog>
    </section>
  );
});
