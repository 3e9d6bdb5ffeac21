import { observer } from 'mobx-react-lite';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../shared/stores/StoresProvider';
import { handOverFirstPaint } from '../../../utils/first-paint';
import { BackgroundVideo } from './BackgroundVideo';
import { OPERATOR_LANGUAGE } from '../../../i18n/operator-language';

/**
 * Welcome (home): the configured headline, else WELCOME; the subheadline, else "Get started by
 * selecting one of the options to the left" (on a portrait screen, whose menu is above: "... the
 * options above"); an optional background image and copy (rental spec
 * §2 "Welcome", shell spec §2 "home"), and the kiosk's looping video over the background image
 * (the image stays visible when the video cannot play).
 */
const WelcomeScreen = observer(function WelcomeScreen() {
  const { t } = useTranslation();
  const { config, session, shell } = useStores();
  const { headline, subheadline, background_image: backgroundImage, copy } = config.welcome;
  // In the DOM now: the daemon's picture of this screen goes before the browser paints again, and a
  // sidebar item tapped on it is tapped in the UI's own sidebar.
  useLayoutEffect(() => handOverFirstPaint(session.recordActivity), [session]);
  return (
    <section
      className={backgroundImage ? 'kiosk-screen kiosk-welcome kiosk-welcome--image' : 'kiosk-screen kiosk-welcome'}
      style={backgroundImage ? { backgroundImage: `url(${JSON.stringify(backgroundImage)})` } : undefined}
      aria-labelledby="welcome-headline"
    >
      <BackgroundVideo />
      <div className="kiosk-welcome__panel">
        <h1 id="welcome-headline" className="kiosk-welcome__headline" lang={headline ? OPERATOR_LANGUAGE : undefined}>
          {headline || t('shell.welcome.headline')}
        </h1>
        <p className="kiosk-welcome__subheadline" lang={subheadline ? OPERATOR_LANGUAGE : undefined}>
          {subheadline || t(shell.isPortrait ? 'shell.welcome.subheadline_above' : 'shell.welcome.subheadline')}
        </p>
        {copy ? (
          <p className="kiosk-welcome__copy" lang={OPERATOR_LANGUAGE}>
            {copy}
          </p>
        ) : null}
      </div>
    </section>
  );
});

export default WelcomeScreen;
