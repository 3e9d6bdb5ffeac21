import { when } from 'mobx';
import { createRoot } from 'react-dom/client';
import { ApiClient } from './api/client';
import { EventsClient } from './api/events-client';
import { App } from './App';
import { isPending } from './models/loadable';
import './i18n/first-screen';
import { followVisitorLanguage } from './i18n/language';
import { prefetchLikeliestScreen, prefetchScreens } from './screens/registry';
import { RootStore } from './stores/RootStore';
import { StoresProvider } from './shared/stores/StoresProvider';
import './styles/global.css';
import './styles/display-modes.css';
import { afterNextPaint } from './utils/after-paint';
import { hasFirstPaint } from './utils/first-paint';
import { whenIdle } from './utils/lazyWithPreload';
import { preventKeyRepeat } from './utils/no-key-repeat';
import { preventNewWindows } from './utils/no-new-windows';

/** How long the first render waits for the configuration behind the daemon's first paint. */
const FIRST_RENDER_WAIT_MS = 3000;

// The daemon's first paint of the welcome is in the page but not on screen yet (the scripts came
// before the browser painted): let the browser put it there before the stores and the first render
// take the main thread (at 4× CPU slowdown that is most of a second). Painted already: go on.
if (hasFirstPaint() && performance.getEntriesByName('first-contentful-paint').length === 0) await afterNextPaint();

preventNewWindows(window);
preventKeyRepeat(window);

const root = new RootStore({ api: new ApiClient(), events: new EventsClient() });
root.start();
followVisitorLanguage(root.preferences, root.api);
// Every other screen's chunk is fetched once the first screen is up (configuration answered) and
// the browser is idle: a first visit then renders at once instead of suspending (registry.ts). The
// likeliest first tap's chunks wait for that idle moment too: evaluated while the welcome renders,
// they delayed the interactive welcome by hundreds of milliseconds at 4× CPU slowdown.
when(
  () => root.config.configuration.state === 'ready',
  () =>
    whenIdle(() => {
      void prefetchLikeliestScreen();
      whenIdle(() => void prefetchScreens());
    }),
);

// The daemon's first paint is on screen and takes taps: the first render waits for the
// configuration's answer, so it builds the welcome at once rather than a spinner nobody sees under
// the first paint, then the welcome (at 4× CPU slowdown that spinner cost ~150 ms before the
// welcome). A configuration slow to answer does not hold the page for good.
if (hasFirstPaint()) {
  await when(() => !isPending(root.config.configuration), {
    timeout: FIRST_RENDER_WAIT_MS,
  }).catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// No <StrictMode>: its double subscribe/unsubscribe can leave mobx-react-lite observers without
// a reaction, so they stop updating (mobx#4608). StrictMode only acts in development anyway, and
// the e2e suite checks that the production build updates (countdown, section changes).
// A render error no boundary caught (the screen is likely blank): counted for the fleet.
createRoot(container, { onUncaughtError: (error) => root.screenHealth.reportError('render', error) }).render(
  <StoresProvider root={root}>
    <App />
  </StoresProvider>,
);
