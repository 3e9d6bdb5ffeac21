import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DaemonConfig } from '../../config.js';
import { isWav } from './tone.js';
import { buildServiceApp, eventually, tempDir } from '../../test-helpers/fake-services.js';
import { buildSupportApp } from '../../plugins/health.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/**
 * No audio device here: the play command writes each WAV it is given to a file named after its
 * shell's pid once it has read it all (and records that pid), then waits as a long utterance would, until it is killed.
 */
function recordingPlayer(dir: string, { hold = false } = {}): string {
  const wav = `"${dir}/$$.wav"`;
  return `echo $$ > "${dir}/$$.pid"; cat > ${wav}.part && mv ${wav}.part ${wav}${hold ? '; exec sleep 30' : ''}`;
}

async function startDaemon(config: Partial<DaemonConfig> = {}, logLines?: string[]) {
  const logger = logLines && { level: 'info', stream: { write: (line: string) => logLines.push(line) } };
  const app = await buildServiceApp({ plugins: ['speech'], config, ...(logger ? { logger } : {}) });
  await app.ready();
  cleanups.push(() => app.close());
  const support = await buildSupportApp(app);
  cleanups.push(() => support.close());
  return { app, support };
}

const say = (app: FastifyInstance, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/device/speech', payload, headers });

/** The WAV files the player wrote, once `count` of them are complete (their player exited or held). */
async function recordings(dir: string, count: number): Promise<Buffer[]> {
  return eventually(() => {
    const files = readdirSync(dir).filter((name) => name.endsWith('.wav'));
    if (files.length < count) return undefined;
    const wavs = files.map((name) => readFileSync(join(dir, name)));
    return wavs.every(isWav) ? wavs : undefined;
  }, 10_000);
}

function pids(dir: string): number[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.pid'))
    .map((name) => Number(readFileSync(join(dir, name), 'utf8').trim()));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function speechMetrics(support: FastifyInstance): Promise<string[]> {
  const text = (await support.inject({ method: 'GET', url: '/metrics' })).body;
  return text
    .split('\n')
    .filter((line) => line.startsWith('kiosk_speech_'))
    .map((line) => line.replace(/,?app="kiosk_daemon",?/, '').replace('{}', ''));
}

describe('speech output', { timeout: 20_000 }, () => {
  it('speaks an English and a Spanish sentence: the player gets a WAV of each', async () => {
    const dir = tempDir('speech-');
    const { app, support } = await startDaemon({ speechPlayCommand: recordingPlayer(dir) });

    const english = await say(app, { text: 'Welcome. Touch the screen to begin.', lang: 'en' });
    expect(english.statusCode).toBe(200);
    expect(english.json()).toHaveProperty('utteranceId');
    const [first] = await recordings(dir, 1);
    expect(first!.length).toBeGreaterThan(1000);
    // Played to its end before the next one, so nothing is interrupted.
    await eventually(() => pids(dir).every((pid) => !alive(pid)));

    expect((await say(app, { text: 'Bienvenido. Toque la pantalla para comenzar.', lang: 'es' })).statusCode).toBe(200);
    const both = await recordings(dir, 2);
    expect(both.every((wav) => wav.length > 1000)).toBe(true);

    const ready = (await support.inject({ method: 'GET', url: '/health/ready' })).json<{ speech: unknown }>();
    expect(ready.speech).toEqual({ status: 'ok', muted: false, tone: true });
    await eventually(async () =>
      (await speechMetrics(support)).includes('kiosk_speech_sounds_total{kind="speech",outcome="played"} 2'),
    );
    expect(await speechMetrics(support)).toContain('kiosk_speech_up 1');
  });

  it('a new utterance interrupts the one playing, and stop silences the next', async () => {
    const dir = tempDir('speech-');
    const { app, support } = await startDaemon({ speechPlayCommand: recordingPlayer(dir, { hold: true }) });

    expect((await say(app, { text: 'Choose a unit size.', lang: 'en' })).statusCode).toBe(200);
    await recordings(dir, 1);
    const [firstPlayer] = pids(dir);
    expect(alive(firstPlayer!)).toBe(true);

    expect((await say(app, { text: 'Small units.', lang: 'en' })).statusCode).toBe(200);
    await eventually(() => !alive(firstPlayer!));
    await recordings(dir, 2);
    const secondPlayer = pids(dir).find((pid) => pid !== firstPlayer)!;
    expect(alive(secondPlayer)).toBe(true);

    const stop = await app.inject({ method: 'POST', url: '/device/speech/stop' });
    expect(stop.json()).toEqual({ stopped: true });
    await eventually(() => !alive(secondPlayer));
    expect((await app.inject({ method: 'POST', url: '/device/speech/stop' })).json()).toEqual({ stopped: false });
    await eventually(async () =>
      (await speechMetrics(support)).includes('kiosk_speech_sounds_total{kind="speech",outcome="interrupted"} 2'),
    );
  });

  it('never passes a full card number to the synthesiser (only its last four digits), nor logs what it says', async () => {
    const dir = tempDir('speech-');
    // The "synthesiser" here records the text it was given instead of speaking it.
    const synthesiser = join(dir, 'fake-espeak');
    const { writeFileSync, chmodSync } = await import('node:fs');
    writeFileSync(synthesiser, `#!/bin/sh\ncat > "${dir}/said.txt"\n`);
    chmodSync(synthesiser, 0o755);
    const logLines: string[] = [];
    const { app } = await startDaemon({ speechCommand: synthesiser, speechPlayCommand: 'cat > /dev/null' }, logLines);

    expect((await say(app, { text: 'Card number, 4111 1111 1111 1234', lang: 'en' })).statusCode).toBe(200);
    const said = await eventually(
      () => existsSync(join(dir, 'said.txt')) && (readFileSync(join(dir, 'said.txt'), 'utf8').trim() || undefined),
    );
    expect(said).toBe('Card number, card ending in 1 2 3 4');
    const speechLog = logLines.filter((line) => line.includes('speech started'));
    expect(speechLog).toHaveLength(1);
    expect(JSON.parse(speechLog[0]!)).toMatchObject({ lang: 'en', chars: said.length });
    expect(logLines.join('\n')).not.toMatch(/Card number|4111|1 2 3 4/);
  });

  it("says an utterance's parts each in its own language's voice, masked, through espeak-ng's SSML", async () => {
    const dir = tempDir('speech-');
    const synthesiser = join(dir, 'fake-espeak');
    const { writeFileSync, chmodSync } = await import('node:fs');
    writeFileSync(synthesiser, `#!/bin/sh\necho "$@" > "${dir}/args.txt"\ncat > "${dir}/said.txt"\n`);
    chmodSync(synthesiser, 0o755);
    const { app } = await startDaemon({ speechCommand: synthesiser, speechPlayCommand: 'cat > /dev/null' });
    const parts = [
      { text: 'Su tarjeta de crédito NO se procesó.', lang: 'es' },
      { text: 'Your card 4000 0000 0000 0002 was declined <now>.', lang: 'en' },
    ];
    const text = parts.map((part) => part.text).join(' ');
    expect((await say(app, { text, lang: 'es', parts })).statusCode).toBe(200);
    const said = await eventually(
      () => existsSync(join(dir, 'said.txt')) && (readFileSync(join(dir, 'said.txt'), 'utf8').trim() || undefined),
    );
    expect(said).toBe(
      '<speak><voice name="es-419">Su tarjeta de crédito NO se procesó.</voice> ' +
        '<voice name="en-us">Your card card ending in 0 0 0 2 was declined &lt;now&gt;.</voice></speak>',
    );
    expect(readFileSync(join(dir, 'args.txt'), 'utf8')).toMatch(/ -m /);
    expect((await say(app, { text, lang: 'es', parts: [{ text, lang: 'fr' }] })).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/Unknown language "fr"/),
    });
  });

  it('refuses over-long text, an unknown language and a foreign origin with a message', async () => {
    const { app } = await startDaemon({ speechPlayCommand: 'cat > /dev/null' });

    const long = await say(app, { text: 'a'.repeat(1001), lang: 'en' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/text must NOT have more than 1000 characters/);

    const french = await say(app, { text: 'Bonjour', lang: 'fr' });
    expect(french.statusCode).toBe(400);
    expect(french.json()).toMatchObject({
      error: 'Bad Request',
      message: 'Unknown language "fr": the kiosk speaks en or es.',
    });

    const empty = await say(app, { text: '  ', lang: 'en' });
    expect(empty.statusCode).toBe(400);

    const foreign = await say(
      app,
      { text: 'Hello', lang: 'en' },
      { origin: 'http://evil.example', host: '127.0.0.1:8080' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Only the kiosk page may use the kiosk speech output.');
    const foreignTone = await app.inject({
      method: 'POST',
      url: '/device/tone',
      headers: { origin: 'http://evil.example', host: '127.0.0.1:8080' },
    });
    expect(foreignTone.statusCode).toBe(403);

    const own = await say(
      app,
      { text: 'Hello', lang: 'en' },
      { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' },
    );
    expect(own.statusCode).toBe(200);
  });

  it('without espeak-ng or the play command: down in /health/ready, 503 with a message, no crash', async () => {
    const { app, support } = await startDaemon({
      speechCommand: '/nonexistent/espeak-ng',
      speechPlayCommand: 'no-such-player -q',
    });
    const status = (await app.inject({ method: 'GET', url: '/device/speech' })).json();
    expect(status).toMatchObject({ available: false, tone: false });

    const refused = await say(app, { text: 'Hello', lang: 'en' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(
      'The speech synthesiser (/nonexistent/espeak-ng) is not installed: apt-get install espeak-ng.',
    );
    const tone = await app.inject({ method: 'POST', url: '/device/tone' });
    expect(tone.statusCode).toBe(503);
    expect(tone.json().message).toMatch(/no-such-player/);

    const ready = await support.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.json().speech).toMatchObject({ status: 'down', problem: expect.stringContaining('espeak-ng') });
    expect(await speechMetrics(support)).toContain('kiosk_speech_up 0');
  });

  it('plays the idle warning tone as a WAV, unless the kiosk is muted', async () => {
    const dir = tempDir('speech-');
    const { app } = await startDaemon({ speechPlayCommand: recordingPlayer(dir) });
    expect((await app.inject({ method: 'POST', url: '/device/tone' })).statusCode).toBe(200);
    const [tone] = await recordings(dir, 1);
    expect(tone!.readUInt32LE(40)).toBe(tone!.length - 44);

    const muted = await startDaemon({ speechPlayCommand: recordingPlayer(tempDir('speech-')), muted: true });
    const refused = await muted.app.inject({ method: 'POST', url: '/device/tone' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      reason: 'muted',
      message: 'The kiosk is muted (KIOSK_MUTED): it plays no tone.',
    });
    expect((await muted.app.inject({ method: 'GET', url: '/device/speech' })).json()).toMatchObject({
      available: true,
      muted: true,
      tone: false,
    });
  });
});

/** RMS level in dB below full scale of a WAV's 16-bit samples (after its 44-byte header). */
function rmsDb(wav: Buffer): number {
  let sum = 0;
  let count = 0;
  for (let at = 44; at + 1 < wav.length; at += 2, count += 1) sum += wav.readInt16LE(at) ** 2;
  return 20 * Math.log10(Math.sqrt(sum / count) / 32_768);
}

/** A "synthesiser" that writes down the text it was given and then speaks it with espeak-ng. */
async function recordingSynthesiser(dir: string): Promise<{ command: string; said: () => string[] }> {
  const { writeFileSync, chmodSync } = await import('node:fs');
  const command = join(dir, 'espeak-recording');
  writeFileSync(command, `#!/bin/sh\ntee "${dir}/said-$$.txt" | espeak-ng "$@"\n`);
  chmodSync(command, 0o755);
  const said = () =>
    readdirSync(dir)
      .filter((name) => name.startsWith('said-'))
      .map((name) => readFileSync(join(dir, name), 'utf8').trim())
      .filter(Boolean);
  return { command, said };
}

describe('volume, private listening, pause and resume', { timeout: 30_000 }, () => {
  it('says the same words at each level 6 dB apart, and the tone at its level; a level outside the five is refused', async () => {
    const dir = tempDir('speech-');
    const { app } = await startDaemon({ speechPlayCommand: recordingPlayer(dir) });
    const levels: number[] = [];
    for (const volume of [1, 3, 5]) {
      expect((await say(app, { text: 'Volume test, one two three.', lang: 'en', volume })).statusCode).toBe(200);
      const wavs = await recordings(dir, levels.length + 1);
      await eventually(() => pids(dir).every((pid) => !alive(pid)));
      const newest = readdirSync(dir)
        .filter((name) => name.endsWith('.wav'))
        .map((name) => ({ name, at: statSync(join(dir, name)).mtimeMs }))
        .sort((a, b) => b.at - a.at)[0]!;
      expect(wavs.length).toBe(levels.length + 1);
      levels.push(rmsDb(readFileSync(join(dir, newest.name))));
    }
    // Level 1 is -24 dB, level 3 (the default) -12 dB, level 5 the synthesiser's own 0 dB.
    expect(levels[1]! - levels[0]!).toBeCloseTo(12, 0);
    expect(levels[2]! - levels[1]!).toBeCloseTo(12, 0);
    expect((await say(app, { text: 'Too loud', lang: 'en', volume: 6 })).statusCode).toBe(400);
    const status = (await app.inject({ method: 'GET', url: '/device/speech' })).json();
    expect(status).toMatchObject({ volume: { levelsDb: [-24, -18, -12, -6, 0], default: 3 } });

    const toneDir = tempDir('speech-');
    const tones = await startDaemon({ speechPlayCommand: recordingPlayer(toneDir) });
    const toneAt = async (volume: number, count: number) => {
      expect((await tones.app.inject({ method: 'POST', url: '/device/tone', payload: { volume } })).statusCode).toBe(
        200,
      );
      await recordings(toneDir, count);
      await eventually(() => pids(toneDir).every((pid) => !alive(pid)));
    };
    await toneAt(5, 1);
    await toneAt(2, 2);
    const [loud, soft] = readdirSync(toneDir)
      .filter((name) => name.endsWith('.wav'))
      .map((name) => readFileSync(join(toneDir, name)))
      .sort((a, b) => rmsDb(b) - rmsDb(a));
    expect(rmsDb(loud!) - rmsDb(soft!)).toBeCloseTo(18, 1);
    expect(soft!.subarray(0, 44)).toEqual(loud!.subarray(0, 44));
  });

  it('says private data through the speaker only when asked; through headphones at once, on their own player', async () => {
    const dir = tempDir('speech-');
    const headphoneDir = tempDir('speech-');
    const synthesiser = await recordingSynthesiser(dir);
    const { app } = await startDaemon({
      speechCommand: synthesiser.command,
      speechPlayCommand: recordingPlayer(dir),
      speechHeadphonePlayCommand: recordingPlayer(headphoneDir),
      speechPrivateListening: 'none',
      simulateHeadphoneJack: true,
    });
    const gate = {
      text: 'Your gate code is 4 8 2 7.',
      lang: 'en',
      withheld: { text: 'Your gate code is private. Press dot then 5 to hear it aloud.' },
    };
    expect((await app.inject({ method: 'GET', url: '/device/speech' })).json()).toMatchObject({
      privateListening: 'jack',
      headphones: false,
    });

    const withheld = await say(app, gate);
    expect(withheld.json()).toMatchObject({ withheld: true });
    await recordings(dir, 1);
    expect(synthesiser.said()).toEqual(['Your gate code is private. Press dot then 5 to hear it aloud.']);
    await eventually(() => pids(dir).every((pid) => !alive(pid)));

    expect((await say(app, { ...gate, aloud: true })).json()).not.toHaveProperty('withheld');
    await recordings(dir, 2);
    expect(synthesiser.said()).toContain('Your gate code is 4 8 2 7.');

    const plug = await app.inject({ method: 'POST', url: '/device/speech/simulate', payload: { headphones: true } });
    expect(plug.json()).toEqual({ headphones: true });
    expect((await say(app, gate)).json()).not.toHaveProperty('withheld');
    // Through the headphones' player: the speaker's player got nothing more.
    const [private1] = await recordings(headphoneDir, 1);
    expect(private1!.length).toBeGreaterThan(1000);
    expect(readdirSync(dir).filter((name) => name.endsWith('.wav'))).toHaveLength(2);
    expect((await app.inject({ method: 'GET', url: '/device/speech' })).json()).toMatchObject({ headphones: true });
  });

  it('reads the jack with its command, and a handset kiosk is always private', async () => {
    const dir = tempDir('speech-');
    const synthesiser = await recordingSynthesiser(dir);
    const gate = { text: 'Gate code 4 8 2 7.', lang: 'en', withheld: { text: 'Gate code private.' } };
    const plugged = await startDaemon({
      speechCommand: synthesiser.command,
      speechPlayCommand: 'cat > /dev/null',
      speechPrivateListening: 'jack',
      speechJackCommand: `printf "numid=17,iface=CARD,name='Headphone Jack'\\n  ; type=BOOLEAN,access=r-------,values=1\\n  : values=on\\n"`,
      simulateHeadphoneJack: false,
    });
    expect((await say(plugged.app, gate)).json()).not.toHaveProperty('withheld');
    const unreadable = await startDaemon({
      speechCommand: synthesiser.command,
      speechPlayCommand: 'cat > /dev/null',
      speechPrivateListening: 'jack',
      speechJackCommand: 'exit 1',
      simulateHeadphoneJack: false,
    });
    expect((await say(unreadable.app, gate)).json()).toMatchObject({ withheld: true });
    const handset = await startDaemon({
      speechCommand: synthesiser.command,
      speechPlayCommand: 'cat > /dev/null',
      speechPrivateListening: 'handset',
      simulateHeadphoneJack: false,
    });
    expect((await say(handset.app, gate)).json()).not.toHaveProperty('withheld');
    expect((await handset.app.inject({ method: 'GET', url: '/device/speech' })).json()).toMatchObject({
      privateListening: 'handset',
      headphones: true,
    });
    await eventually(() => synthesiser.said().length === 3);
    expect(synthesiser.said().sort()).toEqual(['Gate code 4 8 2 7.', 'Gate code 4 8 2 7.', 'Gate code private.']);
  });

  it('pauses the utterance playing and resumes it part-way: the rest of the same samples; a new utterance forgets it', async () => {
    const dir = tempDir('speech-');
    const { app } = await startDaemon({ speechPlayCommand: recordingPlayer(dir, { hold: true }) });
    const long = 'This is a long utterance, such as the signing step says, with many words in it, one after another.';
    expect((await say(app, { text: long, lang: 'en', volume: 5 })).statusCode).toBe(200);
    const [whole] = await recordings(dir, 1);
    const [player] = pids(dir);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await app.inject({ method: 'POST', url: '/device/speech/pause' })).json()).toEqual({ paused: true });
    await eventually(() => !alive(player!));

    const resume = await app.inject({ method: 'POST', url: '/device/speech/resume', payload: { volume: 5 } });
    expect(resume.json()).toEqual({ resumed: true });
    const both = await recordings(dir, 2);
    const rest = both.find((wav) => wav.length < whole!.length)!;
    const restSamples = rest.subarray(44);
    // The rest: a tail of the same samples, from about a second in (back to the word that was cut).
    expect(whole!.subarray(44).subarray(-restSamples.length)).toEqual(restSamples);
    const restSeconds = restSamples.length / 44_100;
    const wholeSeconds = (whole!.length - 44) / 44_100;
    expect(wholeSeconds - restSeconds).toBeGreaterThan(0.3);
    expect(wholeSeconds - restSeconds).toBeLessThan(1.6);
    expect(rest.readUInt32LE(40)).toBe(restSamples.length);

    // Paused again and a new utterance said: nothing left to resume.
    expect((await app.inject({ method: 'POST', url: '/device/speech/pause' })).json()).toEqual({ paused: true });
    expect((await say(app, { text: 'Next screen.', lang: 'en' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/device/speech/resume' })).json()).toEqual({ resumed: false });
    // Nothing playing: nothing to pause.
    await app.inject({ method: 'POST', url: '/device/speech/stop' });
    expect((await app.inject({ method: 'POST', url: '/device/speech/pause' })).json()).toEqual({ paused: false });
  });

  it("forgets a paused utterance when the session ends: the next visitor cannot resume the last one's", async () => {
    const dir = tempDir('speech-');
    const { app } = await startDaemon({ speechPlayCommand: recordingPlayer(dir, { hold: true }) });
    expect((await say(app, { text: 'Your balance is high, and here is why.', lang: 'en' })).statusCode).toBe(200);
    await recordings(dir, 1);
    expect((await app.inject({ method: 'POST', url: '/device/speech/pause' })).json()).toEqual({ paused: true });
    app.speech.forgetPaused();
    expect((await app.inject({ method: 'POST', url: '/device/speech/resume' })).json()).toEqual({ resumed: false });
  });
});
