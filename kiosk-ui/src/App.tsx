import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { DemoMark } from './components/DemoMark';
import { KioskShell } from './areas/shell/screens/KioskShell';
import { SectionOutlet } from './screens/SectionOutlet';
import { OutOfServiceScreen } from './areas/shell/screens/OutOfServiceScreen';
import { TimeScreen } from './areas/shell/screens/TimeScreen';
import { UnavailableScreen } from './areas/shell/screens/UnavailableScreen';
import { useStores } from './shared/stores/StoresProvider';
import { applyDisplayMode } from './utils/display-mode';
import { dismissFirstPaint } from './utils/first-paint';

/**
 * The page: picks the route's screen, reports every touch or key press as session activity and
 * puts the visitor's display choices on the document root (utils/display-mode.ts).
 */
export const App = observer(function App() {
  const { shell, session, config, preferences, speech } = useStores();
  useEffect(() => session.installActivityListeners(document), [session]);
  useEffect(() => {
    // The keypad's code is not part of the first screen: it is fetched once the page is up.
    let uninstall: (() => void) | undefined;
    let left = false;
    void import('./components/keypad/keypad').then(({ installKeypad }) => {
      if (!left) uninstall = installKeypad(document);
    });
    return () => {
      left = true;
      uninstall?.();
    };
  }, []);

  const { highContrast, largeText, lowReach } = preferences;
  const { reachZonePercent } = config;
  const { screenBlank } = speech;
  useEffect(
    () =>
      applyDisplayMode({ highContrast, largeText, lowReach, reachZonePercent, screenBlank }, document.documentElement),
    [highContrast, largeText, lowReach, reachZonePercent, screenBlank],
  );

  const route = shell.route;
  // The daemon's first paint shows the welcome screen; anything else the UI shows replaces it.
  const showsWelcome = route.name === 'kiosk' && !config.isOutOfService && shell.section === 'home';
  useEffect(() => {
    if (!showsWelcome) dismissFirstPaint();
  }, [showsWelcome]);

  return (
    <div className={shell.isBigScreen ? 'kiosk-app kiosk-app--big-screen' : 'kiosk-app'}>
      <DemoMark />
      {route.name === 'time' ? (
        <TimeScreen />
      ) : route.name !== 'kiosk' ? (
        <UnavailableScreen />
      ) : config.isOutOfService ? (
        <OutOfServiceScreen />
      ) : (
        <KioskShell outlet={<SectionOutlet />} />
      )}
    </div>
  );
});
