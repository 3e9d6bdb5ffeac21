// The flags Debian's Chromium gets in the e2e suites (playwright.config.ts) and the benches
// (scripts/bench/lib/browser.mjs): one list, so a bench measures the browser the tests drive.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // Chromium 156 builds the address bar's suggestion popup as a web page in a renderer of its own
  // for every new window (each test's context): 2–3 s of CPU beside the page on a 2-core machine.
  // Chromium keeps only the last --disable-features, and Playwright passes its own list first: this
  // one repeats Playwright 1.65's list (coreBundle.js, disabledFeatures; not its Windows and Edge
  // ones) and adds the popup's three.
  `--disable-features=${[
    ...['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades'],
    ...['HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding'],
    ...['ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'OptimizationHints'],
    ...['NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch'],
    ...['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'],
  ].join(',')}`,
];
