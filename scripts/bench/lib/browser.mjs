// Debian's Chromium through playwright-core, with the flags the e2e suites use
// (CHROMIUM_ARGS in playwright.config.ts: keep the two lists the same).
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
export const VIEWPORT = { width: 1920, height: 1080 };

export async function launchChromium() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium or set CHROMIUM_PATH.`);
  }
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Slow the page's CPU down through the DevTools protocol (rate 4 = four times slower). */
export async function throttleCpu(context, page, rate) {
  const cdp = await context.newCDPSession(page);
  if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}
