import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import {
  expectSection,
  fillAdditionalInformation,
  JANE,
  reachIdentityStep,
  rentalSection,
  signAll,
  swipe,
  verifyManually,
  walkToGateCode,
} from './support/flows.js';
import { control, useKiosk, type RunningKiosk } from './support/kiosk.js';

/**
 * Audio mode's controls by ear (docs/accessibility.md, "Volume", "Private listening", "Stop and
 * resume", "Screen blank"). No sound card here: the daemon's play command keeps each WAV it is
 * given in a folder (the kiosk's speaker, or the headphones' when they are plugged into the
 * simulated jack) and then waits as long as the sound lasts, as a player would; the synthesiser is
 * espeak-ng behind a wrapper that writes down each text it is given, so a test knows what was
 * said in the room and not only what the page asked. Levels are measured on the recorded WAVs:
 * the RMS of their 16-bit samples in dB below full scale, computed here (what `sox file.wav -n
 * stats` prints as "RMS lev dB").
 */

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

interface Sound {
  speaker: string;
  headphones: string;
  said: string;
}

function soundFolders(): Sound {
  const root = mkdtempSync(join(tmpdir(), 'kiosk-audio-'));
  const sound = { speaker: join(root, 'speaker'), headphones: join(root, 'headphones'), said: join(root, 'said') };
  for (const dir of Object.values(sound)) mkdirSync(dir);
  return sound;
}

/** A script of the test's own: the daemon runs it as a program (its first word must be one). */
function script(path: string, body: string): string {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

function soundSettings(sound: Sound): Record<string, string> {
  // A player: the WAV kept under the time it started, then as long as it lasts (22 050 Hz, 16-bit mono).
  const player = (dir: string) =>
    script(
      join(dir, '..', `play-${dir.split('/').at(-1)}`),
      `f="${dir}/$(date +%s%N)"; cat > "$f.part" && mv "$f.part" "$f.wav" && sleep $(( $(stat -c %s "$f.wav") / 44100 + 1 ))`,
    );
  return {
    KIOSK_SPEECH_COMMAND: script(
      join(sound.said, '..', 'espeak-recording'),
      `tee "${sound.said}/$(date +%s%N).txt" | espeak-ng "$@"`,
    ),
    KIOSK_SPEECH_PLAY_COMMAND: player(sound.speaker),
    KIOSK_SPEECH_HEADPHONE_PLAY_COMMAND: player(sound.headphones),
  };
}

/** The WAVs a folder holds, oldest first. */
const wavNames = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.wav'))
    .sort();

/**
 * Until the folder has had no sound started for a moment and none is being written (a `.part`
 * left by a player stopped while it still read stays, and is old).
 */
async function settled(dir: string): Promise<void> {
  let last = '';
  const writing = () =>
    readdirSync(dir).some((name) => name.endsWith('.part') && Date.now() - statSync(join(dir, name)).mtimeMs < 2000);
  await expect
    .poll(
      () => {
        const now = readdirSync(dir).sort().join(',');
        const still = now === last && !writing();
        last = now;
        return still;
      },
      { timeout: 20_000, intervals: [400] },
    )
    .toBe(true);
}

/** After `act`, the WAV the folder receives for it (once what came before it has been kept). */
async function nextWav(dir: string, act: () => Promise<unknown>): Promise<Buffer> {
  await settled(dir);
  const before = wavNames(dir).length;
  await act();
  await expect.poll(() => wavNames(dir).length, { timeout: 20_000 }).toBeGreaterThan(before);
  await settled(dir);
  return readFileSync(join(dir, wavNames(dir).at(-1)!));
}

/** Everything the synthesiser was given, oldest first. */
const saidInTheRoom = (sound: Sound) =>
  readdirSync(sound.said)
    .sort()
    .map((name) => readFileSync(join(sound.said, name), 'utf8'));

/** RMS level of a WAV's samples (after its 44-byte header) in dB below full scale. */
function rmsDb(wav: Buffer): number {
  let sum = 0;
  let count = 0;
  for (let at = 44; at + 1 < wav.length; at += 2, count += 1) sum += wav.readInt16LE(at) ** 2;
  return 20 * Math.log10(Math.sqrt(sum / count) / 32_768);
}

interface Utterance {
  text: string;
  lang: string;
  volume?: number;
  withheld?: { text: string };
  aloud?: boolean;
}

/** Every utterance the page asks the daemon to say, in order. */
function listen(page: Page) {
  const said: Utterance[] = [];
  void page.route('**/device/speech', async (route) => {
    if (route.request().method() === 'POST') said.push(route.request().postDataJSON() as Utterance);
    await route.continue();
  });
  const heard = async (pattern: RegExp, from = 0): Promise<Utterance> => {
    const found = () => said.slice(from).find((utterance) => pattern.test(utterance.text));
    await expect
      .poll(() => found() !== undefined, { timeout: 20_000, message: `${pattern} heard` })
      .toBe(true)
      .catch(() => {
        throw new Error(`${pattern} not heard; heard: ${JSON.stringify(said.slice(from).map((u) => u.text))}`);
      });
    return found()!;
  };
  return { said, heard };
}

/**
 * Whether the screen, as a camera would see it, is black: every pixel of a screenshot. The PNG
 * (8-bit RGB or RGBA, not interlaced, as Chromium writes it) is unfiltered here row by row.
 */
async function screenIsBlack(page: Page): Promise<boolean> {
  const png = await page.screenshot();
  const width = png.readUInt32BE(16);
  const colourType = png[25]!;
  const channels = colourType === 6 ? 4 : 3;
  expect([2, 6]).toContain(colourType);
  expect(png[24]).toBe(8);
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const data = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  let previous = Buffer.alloc(stride);
  for (let row = 0; row * (stride + 1) < data.length; row += 1) {
    const start = row * (stride + 1);
    const filter = data[start]!;
    const line = Buffer.from(data.subarray(start + 1, start + 1 + stride));
    for (let i = 0; i < stride; i += 1) {
      const left = i >= channels ? line[i - channels]! : 0;
      const up = previous[i]!;
      const upLeft = i >= channels ? previous[i - channels]! : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const add = [0, left, up, (left + up) >> 1, filter === 4 ? paeth() : 0][filter]!;
      line[i] = (line[i]! + add) & 0xff;
    }
    for (let i = 0; i < stride; i += channels) if (line[i]! + line[i + 1]! + line[i + 2]! > 0) return false;
    previous = line;
  }
  return true;
}

/** The keypad's + once the kiosk has said it can speak (the Audio control shows). */
async function pressAudioKey(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Audio', exact: true })).toBeVisible();
  await page.keyboard.press('NumpadAdd');
}

/** Headphones into the simulated jack, or out. */
const headphones = (kiosk: RunningKiosk, plugged: boolean) =>
  control(`${kiosk.baseUrl}/device/speech/simulate`, { headphones: plugged });

const GATE_CODE = '4827';

/** A rental by taps, from the welcome screen to its confirmation (the gate code chosen). */
async function rentToConfirmation(page: Page, kiosk: RunningKiosk): Promise<void> {
  await reachIdentityStep(page, kiosk, { skipGoto: true });
  await verifyManually(page, JANE);
  await walkToGateCode(page, GATE_CODE);
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await swipe(page, kiosk, 'approve');
  await page.getByLabel('CVV').pressSequentially('987');
  await page.getByRole('button', { name: 'Complete Rental', exact: true }).click();
  await fillAdditionalInformation(page);
  await signAll(page, ['Rental Agreement', 'Certificate of Protection']);
  await expectSection(page, 'confirm_rental');
}

test.describe('volume, private listening, stop and resume', () => {
  let sound: Sound;
  const kiosk = useKiosk(test, () => {
    sound = soundFolders();
    return { env: soundSettings(sound), reset: ['sandbox', 'card-reader'] };
  });
  test.beforeEach(async () => {
    await headphones(kiosk, false);
  });
  test.afterAll(() => rmSync(join(sound.speaker, '..'), { recursive: true, force: true }));

  test('louder and softer by the keypad and on the screen: 6 dB a level, 24 dB in all, said at either end', async ({
    page,
  }) => {
    const { said, heard } = listen(page);
    await page.goto(kiosk.url);
    await pressAudioKey(page);
    await heard(/^Audio on\./);
    const volume = page.getByRole('group', { name: 'Volume' });
    await expect(volume.getByRole('button', { name: 'Louder' })).toBeVisible();
    await expectAccessible(page, 'shell/volume buttons');
    mkdirSync('test-results/speech-controls', { recursive: true });
    await page.screenshot({ path: 'test-results/speech-controls/volume-buttons.png' });

    // The same words at each level: the summary key on the welcome screen says "No space chosen yet."
    const levels = new Map<number, number>();
    const measure = async (level: number) => {
      const from = said.length;
      const wav = await nextWav(sound.speaker, () => page.keyboard.press('NumpadDivide'));
      expect(await heard(/^No space chosen yet\.$/, from)).toMatchObject({ volume: level });
      levels.set(level, rmsDb(wav));
    };
    /** A volume key or button, heard back at the new level once its sound is kept. */
    const change = async (act: () => Promise<void>, answer: RegExp, level: number) => {
      const from = said.length;
      await nextWav(sound.speaker, act);
      expect(await heard(answer, from)).toMatchObject({ volume: level });
    };
    const dotThen = (digit: string) => async () => {
      await page.keyboard.press('NumpadDecimal');
      await page.keyboard.press(`Numpad${digit}`);
    };

    await measure(3);
    await change(() => page.keyboard.press('AudioVolumeDown'), /^Volume 2 of 5\./, 2);
    await measure(2);
    await change(() => volume.getByRole('button', { name: 'Softer' }).click(), /^Volume 1 of 5\./, 1);
    await measure(1);
    await change(dotThen('2'), /^Volume at its lowest\./, 1);
    await change(dotThen('8'), /^Volume 2 of 5\./, 2);
    await change(dotThen('8'), /^Volume 3 of 5\./, 3);
    await change(() => volume.getByRole('button', { name: 'Louder' }).click(), /^Volume 4 of 5\./, 4);
    await measure(4);
    await change(() => page.keyboard.press('AudioVolumeUp'), /^Volume 5 of 5\./, 5);
    await measure(5);
    await change(() => page.keyboard.press('AudioVolumeUp'), /^Volume at its highest\./, 5);

    const db = (level: number) => levels.get(level)!;
    for (const level of [2, 3, 4, 5]) expect(db(level) - db(level - 1), `level ${level}`).toBeCloseTo(6, 1);
    expect(db(3) - db(1)).toBeCloseTo(12, 1);
    expect(db(5) - db(1)).toBeCloseTo(24, 1);
    writeFileSync(
      'test-results/speech-controls/levels.json',
      JSON.stringify(Object.fromEntries([...levels].map(([level, rms]) => [level, Number(rms.toFixed(2))])), null, 2),
    );

    // At the limit in Spanish too.
    const from = said.length;
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('group', { name: 'Volumen' }).getByRole('button', { name: 'Más alto' })).toBeVisible();
    await page.keyboard.press('AudioVolumeUp');
    expect(await heard(/El volumen está al máximo\./, from)).toMatchObject({ lang: 'es', volume: 5 });
    await expectAccessible(page, 'shell/volume buttons (Spanish)');
  });

  test("without headphones the gate code waits for the visitor's key; the visit's end puts the volume back", async ({
    page,
  }) => {
    const { said, heard } = listen(page);
    await page.goto(kiosk.url);
    await pressAudioKey(page);
    await heard(/^Audio on\./);
    const atDefault = rmsDb(await nextWav(sound.speaker, () => page.keyboard.press('NumpadDivide')));
    await page.keyboard.press('AudioVolumeUp');
    await page.keyboard.press('AudioVolumeUp');
    await heard(/Volume 5 of 5/);
    // Audio mode off for the walk, on again at the confirmation.
    await pressAudioKey(page);
    await rentToConfirmation(page, kiosk);
    await expect(page.getByText(GATE_CODE, { exact: true })).toBeVisible();

    let from = said.length;
    let roomFrom = saidInTheRoom(sound).length;
    await pressAudioKey(page);
    const confirmation = await heard(/Your rental is confirmed!/, from);
    // The page sends it whole, and what is said instead through the speaker.
    expect(confirmation.text).toMatch(/4 8 2 7/);
    expect(confirmation.withheld?.text).toMatch(/Your rental is confirmed!.*private/);
    expect(confirmation.withheld?.text).not.toMatch(/4 ?8 ?2 ?7/);
    await expect.poll(() => saidInTheRoom(sound).slice(roomFrom).join('\n')).toMatch(/Your rental is confirmed!/);
    const room = saidInTheRoom(sound).slice(roomFrom).join('\n');
    expect(room).not.toMatch(/4 ?8 ?2 ?7/);
    expect(room).toMatch(/Private details are not said through the speaker\. To hear them aloud, press dot, then 5\./);

    // The gate code key: still not said in the room.
    from = said.length;
    roomFrom = saidInTheRoom(sound).length;
    await page.keyboard.press('NumpadSubtract');
    await heard(/Your gate code is 4 8 2 7/, from);
    await expect.poll(() => saidInTheRoom(sound).slice(roomFrom).join('\n')).toMatch(/Your gate code is private/);

    // The visitor asks for it aloud: dot, then 5.
    roomFrom = saidInTheRoom(sound).length;
    await page.keyboard.press('NumpadDecimal');
    await page.keyboard.press('Numpad5');
    await expect
      .poll(() => saidInTheRoom(sound).slice(roomFrom).join('\n'))
      .toMatch(/Private details will be said aloud through the speaker\. Unit .*Your gate code is 4 8 2 7/);
    roomFrom = saidInTheRoom(sound).length;
    await page.keyboard.press('NumpadSubtract');
    await expect.poll(() => saidInTheRoom(sound).slice(roomFrom).join('\n')).toMatch(/Your gate code is 4 8 2 7/);

    // The rental's last step ends the visit: the next one starts silent and at the facility's volume.
    await page.getByRole('button', { name: 'Create Your Online Account', exact: true }).click();
    await expectSection(page, 'create_online_account');
    await page.getByLabel(/^Password/).fill('Maple!Street42');
    await page.getByLabel('Confirm password').fill('Maple!Street42');
    await page.getByRole('button', { name: 'Finish', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Audio', exact: true })).toHaveAttribute('aria-pressed', 'false');
    from = said.length;
    await pressAudioKey(page);
    await heard(/^Audio on\./, from);
    const again = rmsDb(await nextWav(sound.speaker, () => page.keyboard.press('NumpadDivide')));
    expect(said.at(-1)).toMatchObject({ text: 'No space chosen yet.', volume: 3 });
    expect(again).toBeCloseTo(atDefault, 1);
  });

  test('with headphones in the jack the gate code is said at once, through them only', async ({ page }) => {
    const { said, heard } = listen(page);
    await page.goto(kiosk.url);
    await rentToConfirmation(page, kiosk);
    await headphones(kiosk, true);
    const speakerBefore = wavNames(sound.speaker).length;
    const roomFrom = saidInTheRoom(sound).length;
    const wav = await nextWav(sound.headphones, () => pressAudioKey(page));
    expect(wav.length).toBeGreaterThan(44);
    await heard(/Your rental is confirmed!.*4 8 2 7/);
    await expect.poll(() => saidInTheRoom(sound).slice(roomFrom).join('\n')).toMatch(/4 8 2 7/);
    expect(saidInTheRoom(sound).slice(roomFrom).join('\n')).not.toMatch(/Private details are not said/);
    // The speaker stayed silent.
    expect(wavNames(sound.speaker)).toHaveLength(speakerBefore);
    expect(said.length).toBeGreaterThan(0);
  });

  test('the dot stops what is being said and the star goes on from the word it stopped in', async ({ page }) => {
    const { said, heard } = listen(page);
    await page.goto(kiosk.url);
    // Audio on says the languages, the keys and the screen: about 20 seconds.
    const whole = await nextWav(sound.speaker, () => pressAudioKey(page));
    await heard(/^Audio on\./);
    const wholeSeconds = (whole.length - 44) / 44_100;
    expect(wholeSeconds).toBeGreaterThan(10);
    await page.waitForTimeout(3000);
    const count = wavNames(sound.speaker).length;
    await page.keyboard.press('NumpadDecimal');
    await page.waitForTimeout(1000);
    // Stopped: nothing new said.
    expect(wavNames(sound.speaker)).toHaveLength(count);
    const utterances = said.length;
    const rest = await nextWav(sound.speaker, () => page.keyboard.press('NumpadMultiply'));
    // The page asked for nothing new: the daemon went on with what it kept.
    expect(said).toHaveLength(utterances);
    const restSamples = rest.subarray(44);
    expect(whole.subarray(44).subarray(-restSamples.length).equals(restSamples)).toBe(true);
    const restSeconds = restSamples.length / 44_100;
    // Stopped after about 3 s (plus the synthesis): goes on from a little before.
    expect(wholeSeconds - restSeconds).toBeGreaterThan(1);
    expect(wholeSeconds - restSeconds).toBeLessThan(6);

    // Stopped, then the focus moves: the star says the newest utterance again instead.
    await page.keyboard.press('NumpadDecimal');
    await page.keyboard.press('Tab');
    const focused = await heard(/, button/, utterances);
    const before = said.length;
    await page.keyboard.press('NumpadMultiply');
    await expect.poll(() => said.length).toBe(before + 1);
    expect(said.at(-1)!.text).toBe(focused.text);
  });
});

test.describe('screen blank (the session ends by itself, 10 times faster)', () => {
  let sound: Sound;
  const kiosk = useKiosk(test, () => {
    sound = soundFolders();
    return { env: { ...soundSettings(sound), KIOSK_TIME_SCALE: '0.1' }, reset: ['sandbox'] };
  });
  test.afterAll(() => rmSync(join(sound.speaker, '..'), { recursive: true, force: true }));

  test('blanks at once and holds through the steps walked by keys; errors still said; off when the session ends', async ({
    page,
  }) => {
    const { said, heard } = listen(page);
    await page.goto(kiosk.url);
    await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
    await pressAudioKey(page);
    await heard(/^Audio on\./);
    await page.keyboard.press('NumpadDecimal');
    await page.keyboard.press('Numpad0');
    await expect(page.locator('html')).toHaveClass(/kiosk-screen-blank/);
    expect(await screenIsBlack(page)).toBe(true);
    await heard(/Screen off/);

    const press = async (key: string) => page.keyboard.press(key);
    const reach = async (target: Locator, key = 'Tab') => {
      for (let step = 0; step < 60; step += 1) {
        if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
        await press(key);
      }
      await expect(target).toBeFocused();
    };
    await reach(page.getByRole('navigation').getByRole('button', { name: 'Select a Space', exact: true }));
    await press('Enter');
    await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
    expect(await screenIsBlack(page)).toBe(true);
    await reach(page.locator('[data-group="medium"]').getByRole('button', { name: 'SELECT', exact: true }));
    await press('Enter');
    const unit = page.locator('#unit-group-panel .unit-row__select').first();
    await expect(unit).toBeAttached();
    await reach(unit);
    await press('Enter');
    await expectSection(page, 'rent_this_space');
    expect(await screenIsBlack(page)).toBe(true);
    await reach(page.getByRole('button', { name: /Manually Verify ID/ }));
    await press('Enter');
    await expectSection(page, 'info');
    expect(await screenIsBlack(page)).toBe(true);

    // An error the visitor must hear is said, the screen still blank.
    const zip = page.getByLabel(/^Zip Code/);
    await reach(zip);
    for (const digit of '123') await press(digit);
    const from = said.length;
    await press('Tab');
    await heard(/Zip Code: Invalid zip code/, from);
    expect(await screenIsBlack(page)).toBe(true);
    await expect(page.locator('html')).toHaveClass(/kiosk-screen-blank/);

    // Left alone: the warning is said, then the session ends and the screen comes back.
    await heard(/ARE YOU STILL HERE\?/, from);
    await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).not.toHaveClass(/kiosk-screen-blank/);
    expect(await screenIsBlack(page)).toBe(false);
    await expect(page.getByRole('button', { name: 'Audio', exact: true })).toHaveAttribute('aria-pressed', 'false');
  });
});
