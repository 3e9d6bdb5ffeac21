import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import type { MediaSource } from '../../shared/media/media-kind';
import { contentFrameSandbox } from '../../shared/media/frame-sandbox';
import { ContentAccess } from '../../shared/media/ContentAccess';
import type { ConfigStore } from '../../areas/shell/ConfigStore';
import { useStores } from '../../shared/stores/StoresProvider';
import { Spinner } from '../Spinner';
import './media.css';

export interface MediaViewProps {
  /** What to show (media-kind.ts); null: nothing loadable, the placeholder. */
  source: MediaSource | null;
  /** The frame's or the picture's accessible name. */
  title: string;
  /** Shown when the configuration does not allow the origin or the host does not answer. */
  placeholder: ReactNode;
  className?: string;
  poster?: string;
  width?: number;
  height?: number;
}

const accesses = new WeakMap<ConfigStore, ContentAccess>();

/**
 * The kiosk's one record of which content hosts answer, made when media first shows: it comes
 * with the media screens, not with the first screen.
 */
function contentAccessOf(config: ConfigStore): ContentAccess {
  let access = accesses.get(config);
  if (!access) {
    access = new ContentAccess(() => config.contentOrigins);
    accesses.set(config, access);
  }
  return access;
}

/**
 * One piece of media as the kiosk may show it: a picture, a video file, or a third-party page
 * (a video host's player, a maps embed) in a sandboxed frame, from the kiosk's own origin or a
 * configured content origin only (stores/ContentAccess.ts), with the placeholder when it cannot.
 */
export const MediaView = observer(function MediaView(props: MediaViewProps) {
  const { source, title, placeholder, className, poster, width, height } = props;
  const { config } = useStores();
  const content = contentAccessOf(config);
  // The address that failed to load (its error event); a new address gets its own try.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = source?.url;
  const kind = source?.kind;
  useEffect(() => content.check(url && kind ? { url, kind } : null), [content, url, kind]);

  const status = source !== null && failedUrl === source.url ? 'unavailable' : content.status(source);
  if (source === null || status === 'unavailable') return <>{placeholder}</>;
  if (status === 'checking') return <Spinner label={title} />;
  const failed = () => setFailedUrl(source.url);
  switch (source.kind) {
    case 'image':
      return <img className={className} src={source.url} alt={title} draggable={false} onError={failed} />;
    case 'video':
      return (
        <video
          className={className}
          src={source.url}
          poster={poster}
          aria-label={title}
          onError={failed}
          controls
          autoPlay
          muted
          loop
          playsInline
          width={width}
          height={height}
        />
      );
    case 'page':
      return (
        <iframe
          className={className}
          src={source.url}
          title={title}
          allow="autoplay"
          referrerPolicy="no-referrer"
          sandbox={contentFrameSandbox(source.url)}
          width={width}
          height={height}
        />
      );
  }
});
