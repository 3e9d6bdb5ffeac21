import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useStores } from '../../../shared/stores/StoresProvider';

/**
 * The shell's looping video (config.welcome.video_url), muted when the configuration says so
 * (ConfigStore.muteAudio). Decorative: hidden from screen readers. Any failure (no URL, load
 * error) leaves nothing in its place.
 */
export const BackgroundVideo = observer(function BackgroundVideo() {
  const { config, shell } = useStores();
  const video = useRef<HTMLVideoElement>(null);
  const url = config.videoUrl;
  const muted = config.muteAudio;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // React sets `muted` as a property only, and only on first render: keep it in step.
    element.muted = muted;
    // play() returns nothing in test DOMs without media support.
    element.play()?.catch((error: unknown) => {
      // Chromium refuses unmuted autoplay without a user gesture unless the kiosk browser is
      // started with --autoplay-policy=no-user-gesture-required (systemd unit). Showing the video
      // without sound beats showing nothing.
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !element.muted) {
        element.muted = true;
        element.play()?.catch(() => shell.markVideoFailed());
      }
    });
  }, [url, muted, shell]);

  if (!url || shell.videoFailed) return null;
  return (
    <video
      ref={video}
      className="kiosk-background-video"
      src={url}
      autoPlay
      loop
      muted={muted}
      playsInline
      preload="auto"
      aria-hidden="true"
      tabIndex={-1}
      onError={shell.markVideoFailed}
    />
  );
});
