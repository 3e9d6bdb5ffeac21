import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { expectSection, reachIdentityStep } from './support/flows.js';
import { useKiosk } from './support/kiosk.js';

/**
 * Speech output as a blind visitor hears it (docs/accessibility.md, "Speech"): audio mode switched
 * on from the sidebar, then each screen, focused control, validation error and the idle warning
 * said in order. The daemon speaks with espeak-ng; there is no sound card here, so its play command
 * keeps each WAV in a folder instead. What the page asked the daemon to say is read on the way
 * (page.route, passed through). Time runs 10 times faster (KIOSK_TIME_SCALE=0.1): the idle
 * warning comes 15 s after the last touch.
 */

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

let wavDir: string;

test.beforeAll(() => {
  wavDir = mkdtempSync(join(tmpdir(), 'kiosk-speech-'));
});

const kiosk = useKiosk(test, () => ({
  env: { KIOSK_TIME_SCALE: '0.1', KIOSK_SPEECH_PLAY_COMMAND: `cat > "${wavDir}/$$.wav"` },
}));

test.afterAll(() => {
  rmSync(wavDir, { recursive: true, force: true });
});

/** Every utterance the page sends, in order, and every tone it asks for. */
function listen(page: Page) {
  const said: Array<{ text: string; lang: string; parts?: Array<{ text: string; lang: string }> }> = [];
  let tones = 0;
  void page.route('**/device/speech', async (route) => {
    if (route.request().method() === 'POST') said.push(route.request().postDataJSON() as (typeof said)[number]);
    await route.continue();
  });
  void page.route('**/device/tone', async (route) => {
    tones += 1;
    await route.continue();
  });
  return { said, tones: () => tones };
}

/** The index of the first utterance at or after `from` that matches, once it was sent. */
async function heard(said: Array<{ text: string }>, pattern: RegExp, from = 0): Promise<number> {
  await expect
    .poll(() => said.slice(from).some((utterance) => pattern.test(utterance.text)), { timeout: 20_000 })
    .toBe(true);
  return from + said.slice(from).findIndex((utterance) => pattern.test(utterance.text));
}

test('audio mode: screens, focus, a validation error and the idle warning are said in order', async ({ page }) => {
  const { said, tones } = listen(page);
  await page.goto(kiosk.url);
  const audio = page.getByRole('button', { name: 'Audio', exact: true });
  await expect(audio).toHaveAttribute('aria-pressed', 'false');
  await expectAccessible(page, 'shell/audio control');
  expect(said).toEqual([]);

  await audio.click();
  await expect(audio).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: 'test-results/speech/welcome-audio-on.png' });
  // Audio on, that Español exists (in English, then in Spanish in the Spanish voice), the speech keys, the screen.
  const welcome = await heard(
    said,
    /^Audio on\. Español is available.*Español está disponible.*star repeats.* WELCOME\. Get started by selecting one of the options to the left\./,
  );
  expect(said[welcome]!.parts?.map((part) => part.lang)).toEqual(['en', 'es', 'en']);
  expect(said[welcome]).toMatchObject({ lang: 'en', text: expect.stringMatching(/Audio, button, on\.$/) });

  await reachIdentityStep(page, kiosk, { skipGoto: true });
  const selectSpace = await heard(said, /Select a Space, button/, welcome);
  const identity = await heard(said, /Verify/i, selectSpace);

  await page.getByRole('button', { name: 'Manually Verify ID' }).click();
  await expectSection(page, 'info');
  const info = await heard(said, /^Your information/, identity);

  const zip = page.getByLabel(/^Zip Code/);
  await zip.focus();
  const zipFocused = await heard(said, /^Zip Code.*, edit text, blank/, info);
  await zip.pressSequentially('123');
  await zip.press('Tab');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid zip code' })).toBeVisible();
  const zipError = await heard(said, /Invalid zip code/, zipFocused);

  // Left alone: the warning's tone, then the warning said with its answer.
  await expect(page.getByRole('alertdialog', { name: 'ARE YOU STILL HERE?' })).toBeVisible({ timeout: 30_000 });
  const warning = await heard(said, /ARE YOU STILL HERE\?.*I WANT TO CONTINUE, button/, zipError);
  expect(said[warning]!.text).toContain('If you do not answer, the kiosk will return to the start screen.');
  expect(tones()).toBe(1);
  await page.getByRole('button', { name: 'I WANT TO CONTINUE' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();

  // In order: welcome < Select a Space < identity < info < the zip field < its error < the warning.
  expect([welcome, selectSpace, identity, info, zipFocused, zipError, warning]).toEqual(
    [welcome, selectSpace, identity, info, zipFocused, zipError, warning].sort((a, b) => a - b),
  );
  expect(said.every((utterance) => utterance.lang === 'en')).toBe(true);
  // Nothing secret: no card-number-like run of digits, no password.
  for (const { text } of said) expect(text).not.toMatch(/\d(?:[ -]?\d){11,}|Password!1/);

  // The daemon synthesised and played them: its play command received WAV files.
  const wavs = readdirSync(wavDir).map((name) => readFileSync(join(wavDir, name)));
  expect(wavs.length).toBeGreaterThan(0);
  expect(wavs.some((wav) => wav.length > 44 && wav.toString('ascii', 0, 4) === 'RIFF')).toBe(true);
});
