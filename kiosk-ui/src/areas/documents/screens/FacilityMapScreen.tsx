import type { FacilityMapImage } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { LoadFailed } from '../../../components/LoadFailed';
import { Spinner } from '../../../components/Spinner';
import { useStores } from '../../../shared/stores/StoresProvider';
import { mapMediaSource } from '../../../shared/media/media-kind';
import { MediaView } from '../../../components/media/MediaView';
import { contentFrameSandbox } from '../../../shared/media/frame-sandbox';
import type { SectionScreenProps } from '../../../sections/screen-props';
import { isPdfUrl, mapScale, pdfEmbedUrl, polygonBox, touchBox, type Size } from '../../../shared/media/map-layout';
import './documents.css';
import { isPending } from '../../../models/loadable';
import './facility-map.css';

/**
 * Facility map (shell spec §2): a PDF map fills the page without its toolbar; otherwise the map
 * images, each scaled to the container minus 50 px of height, with a touch area per space whose
 * media (video-host embeds) opens over the map; a space without media is a plain label, which
 * neither looks nor reads like a button. Without images the map URL is embedded full size. A map
 * call left unanswered (a network drop) says so and offers to try again.
 */
const FacilityMapScreen = observer(function FacilityMapScreen(_props: SectionScreenProps) {
  const { t } = useTranslation();
  const { config, documents } = useStores();
  const url = config.facility?.facility_map_url ?? '';
  const pdf = url !== '' && isPdfUrl(url);

  useEffect(() => {
    if (!pdf) void documents.loadMap();
    return () => documents.closePolygon();
  }, [documents, pdf]);

  const title = t('shell.sections.facility_map');
  let content;
  if (pdf) {
    // No sandbox: Chromium shows no PDF in one; the managed policy keeps it in (frame-sandbox.ts).
    content = <iframe className="facility-map__embed" src={pdfEmbedUrl(url)} title={title} />;
  } else if (isPending(documents.map)) {
    content = <Spinner label={t('documents.map.loading')} />;
  } else if (documents.map.state === 'failed' && documents.map.reason === 'unreachable') {
    content = <LoadFailed onRetry={() => void documents.loadMap()} />;
  } else if (documents.mapImages.length > 0) {
    content = (
      <div className="facility-map__images">
        {documents.mapImages.map((image) => (
          <MapImage key={`${image.name}-${image.image_url}`} image={image} />
        ))}
      </div>
    );
  } else if (url) {
    content = <iframe className="facility-map__embed" src={url} title={title} sandbox={contentFrameSandbox(url)} />;
  } else {
    content = <p className="facility-map__message">{t('documents.map.unavailable')}</p>;
  }

  return (
    <section className="facility-map" aria-labelledby="facility-map-title">
      <h1 id="facility-map-title" className="kiosk-visually-hidden">
        {title}
      </h1>
      {content}
      <MediaDialog />
    </section>
  );
});

/** One map image scaled into the space it has, with a touch area per door. */
const MapImage = observer(function MapImage({ image }: { image: FacilityMapImage }) {
  const { t } = useTranslation();
  const { documents } = useStores();
  const box = useRef<HTMLDivElement>(null);
  const [container, setContainer] = useState<Size>({ width: 0, height: 0 });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setContainer({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = mapScale(container, image);
  return (
    <div ref={box} className="facility-map__box">
      {scale > 0 && (
        <div className="facility-map__canvas" style={{ width: image.width * scale, height: image.height * scale }}>
          <img
            className="facility-map__image"
            src={image.image_url}
            alt={t('documents.map.image_alt', { name: image.name })}
            width={image.width * scale}
            height={image.height * scale}
          />
          {image.polygons.map((polygon) => {
            const area = polygonBox(polygon, scale);
            // A door without a video is only a label on the map: no button, nothing to tap.
            if (polygon.media.length === 0)
              return (
                <span key={polygon.door_name} className="facility-map__space facility-map__space--plain" style={area}>
                  <span aria-hidden="true">{polygon.door_name}</span>
                  <span className="kiosk-visually-hidden">{t('documents.map.space', { door: polygon.door_name })}</span>
                </span>
              );
            return (
              <button
                key={polygon.door_name}
                type="button"
                className="facility-map__space facility-map__space--media"
                style={touchBox(area)}
                aria-label={t('documents.map.space_with_media', { door: polygon.door_name })}
                onClick={() => documents.showPolygon(polygon)}
              >
                <span className="facility-map__play" aria-hidden="true">
                  ▶
                </span>
                <span aria-hidden="true">{polygon.door_name}</span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
});

/** The space's media: its video host's player when the kiosk may load it and it answers, else the placeholder. */
const MediaDialog = observer(function MediaDialog() {
  const { t } = useTranslation();
  const { documents } = useStores();
  const polygon = documents.openPolygon;
  const media = polygon?.media[0];
  const door = polygon?.door_name ?? '';
  return (
    <Dialog
      open={polygon !== null}
      title={t('documents.map.video_title', { door })}
      onClose={documents.closePolygon}
      className="facility-map__dialog"
      actions={
        <Button variant="secondary" onClick={documents.closePolygon}>
          {t('documents.map.close')}
        </Button>
      }
    >
      <MediaView
        source={media ? mapMediaSource(media) : null}
        title={t('documents.map.video_title', { door })}
        className="facility-map__media"
        placeholder={<p className="facility-map__offline">{t('documents.map.video_offline', { door })}</p>}
      />
    </Dialog>
  );
});

export default FacilityMapScreen;
