// Debian's Chromium through playwright-core, with the flags the e2e suites use (chromium-args.mjs).
import { existsSync } from 'node:fs';
import { CHROMIUM_ARGS } from '../../chromium-args.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
