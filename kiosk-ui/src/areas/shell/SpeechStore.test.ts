import type { SpeechRequest, SpeechStatus } from '@kiosk/shared-types';
import { when } from 'mobx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { ACTIVE_SESSION as active, createTestRoot, FakeSocket, type FakeRoutes } from '../../test/fakes';
import { AUDIO_KEY_CODE, SPEECH_KEY_CODES } from './SpeechStore';
import { DOT_COMMANDS, STOP_KEY_CODE, VOLUME_KEY_CODES } from './speech/AudioControls';
import { markPrivate } from './speech/private-stretches';

const speaking: SpeechStatus = {
  available: true,
  muted: false,
  tone: true,
  volume: { levelsDb: [-24, -18, -12, -6, 0], default: 3 },
  privateListening: 'none',
  headphones: false,
};

function startedRoot(status: SpeechStatus | null) {
  FakeSocket.instances = [];
  const routes: FakeRoutes = {
    'POST /device/speech': { body: { utteranceId: 'u' } },
    'POST /device/speech/stop': { body: { stopped: true } },
    'POST /device/speech/pause': { body: { paused: true } },
    'POST /device/speech/resume': { body: { resumed: false } },
    'POST /device/tone': { body: { utteranceId: 't' } },
    ...(status === null ? {} : { 'GET /device/speech': { body: status } }),
  };
  const test = createTestRoot({ routes });
  const stop = test.root.start();
  const socket = FakeSocket.latest();
  socket.open();
  const sent = (path: string) => test.requests.filter((request) => request.method === 'POST' && request.path === path);
  const spoken = () => sent('/device/speech').map((request) => JSON.parse(request.body!) as SpeechRequest);
  return { ...test, stop, socket, sent, spoken, routes };
}

function press(code: string, key: string, repeat = false): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { code, key, bubbles: true, cancelable: true, repeat });
  document.body.dispatchEvent(event);
  return event;
}

function pressAudioKey(): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { code: AUDIO_KEY_CODE, key: '+', bubbles: true, cancelable: true });
  document.body.dispatchEvent(event);
  return event;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('SpeechStore', () => {
  it('offers no audio mode when the kiosk cannot speak, and the keypad key does nothing', async () => {
    const { root, stop, spoken, requests } = startedRoot(null);
    await vi.waitFor(() => expect(requests.some((request) => request.path === '/device/speech')).toBe(true));
    expect(root.speech.available).toBe(false);
    pressAudioKey();
    expect(root.preferences.audio).toBe(false);
    expect(spoken()).toEqual([]);
    stop();
  });

  it('keeps the audio control pending until the daemon says whether the kiosk can speak', async () => {
    const { root, stop } = startedRoot(speaking);
    expect(root.speech.availabilityPending).toBe(true);
    expect(root.speech.available).toBe(false);
    await when(() => root.speech.available);
    expect(root.speech.availabilityPending).toBe(false);
    stop();
    const silent = startedRoot(null);
    await when(() => !silent.root.speech.availabilityPending);
    expect(silent.root.speech.available).toBe(false);
    silent.stop();
  });

  it("switches audio on and off with the keypad's + key, saying so, and never types the +", async () => {
    const { root, stop, spoken } = startedRoot(speaking);
    await when(() => root.speech.available);
    const on = pressAudioKey();
    expect(on.defaultPrevented).toBe(true);
    expect(root.preferences.audio).toBe(true);
    document.body.innerHTML = '<main><h1>WELCOME</h1><p>Get started</p></main>';
    await vi.waitFor(() => expect(spoken()).toHaveLength(1));
    // Audio on, that Español exists (said in Spanish too, in the Spanish voice), the keys, then the screen.
    const english = 'Audio on. Español is available: the Español button is at the foot of the menu or of the screen.';
    const spanish = 'Español está disponible: el botón Español está al pie del menú o de la pantalla.';
    const keys =
      'On the keypad, star repeats, slash tells your rental so far, minus tells the price, dot stops speech and star goes on. ' +
      'Dot then 8 is louder, dot then 2 softer, dot then 0 blanks the screen, dot then 5 says private details aloud.';
    expect(spoken()[0]).toEqual({
      text: `${english} ${spanish} ${keys} WELCOME. Get started.`,
      lang: 'en',
      volume: 3,
      parts: [
        { text: english, lang: 'en' },
        { text: spanish, lang: 'es' },
        { text: `${keys} WELCOME. Get started.`, lang: 'en' },
      ],
    });

    pressAudioKey();
    expect(root.preferences.audio).toBe(false);
    expect(spoken().at(-1)).toEqual({ text: 'Audio off.', lang: 'en', volume: 3 });
    stop();
  });

  it('repeats the last utterance and says the price and the rental so far with the keypad keys, in audio mode only', async () => {
    const { root, stop, spoken } = startedRoot(speaking);
    await when(() => root.speech.available);
    // Audio off: the keys type as keys do.
    expect(press(SPEECH_KEY_CODES.repeat, '*').defaultPrevented).toBe(false);
    expect(press(STOP_KEY_CODE, '.').defaultPrevented).toBe(false);
    root.preferences.setAudio(true);
    // What sends utterances arrives with audio mode.
    await when(() => root.speech.controls !== undefined);
    root.speech.say('Unit A104, $95.00');
    expect(press(SPEECH_KEY_CODES.repeat, '*').defaultPrevented).toBe(true);
    // Nothing paused (the daemon says so): the last utterance again.
    await vi.waitFor(() => expect(spoken()).toHaveLength(2));
    expect(spoken().at(-1)).toEqual({ text: 'Unit A104, $95.00', lang: 'en', volume: 3 });
    press(SPEECH_KEY_CODES.summary, '/');
    await vi.waitFor(() => expect(spoken().at(-1)?.text).toBe('No space chosen yet.'));
    press(SPEECH_KEY_CODES.price, '-');
    await vi.waitFor(() => expect(spoken().at(-1)?.text).toBe('No price yet: choose a space first.'));
    stop();
  });

  it('masks card numbers to their last four digits before sending, in the visitor language', async () => {
    const { root, stop, spoken } = startedRoot(speaking);
    await when(() => root.speech.available);
    root.preferences.setAudio(true);
    await when(() => root.speech.controls !== undefined);
    root.speech.say('Card number, 4111 1111 1111 1111');
    root.preferences.language = 'es';
    root.speech.say('Tarjeta 378282246310005');
    expect(spoken().slice(-2)).toEqual([
      { text: 'Card number, card ending in 1 1 1 1', lang: 'en', volume: 3 },
      { text: 'Tarjeta tarjeta terminada en 0 0 0 5', lang: 'es', volume: 3 },
    ]);
    stop();
  });

  it('plays the tone when the idle warning opens, in every mode, unless the kiosk is muted', async () => {
    for (const status of [speaking, { ...speaking, muted: true, tone: false }]) {
      const { root, stop, socket, sent } = startedRoot(status);
      await when(() => root.speech.status.state === 'ready');
      expect(root.preferences.audio).toBe(false);
      socket.receive({ type: 'session-warning', session: { ...active, warning: true, resetSecondsLeft: 60 } });
      expect(sent('/device/tone')).toHaveLength(status.tone ? 1 : 0);
      // At the visitor's volume level: the facility's default here.
      if (status.tone) expect(JSON.parse(sent('/device/tone')[0]!.body!)).toEqual({ volume: 3 });
      stop();
    }
  });

  it('stops speaking when the session ends and audio mode is reset', async () => {
    const { root, stop, sent } = startedRoot(speaking);
    await when(() => root.speech.available);
    root.preferences.setAudio(true);
    root.resetAll();
    expect(root.preferences.audio).toBe(false);
    expect(sent('/device/speech/stop')).toHaveLength(1);
    stop();
  });
});

describe('SpeechStore: volume, private data, stop and resume, screen blank', () => {
  /** Audio on, the announcer running (so news goes with its next utterance). */
  async function listening() {
    const test = startedRoot(speaking);
    await when(() => test.root.speech.available);
    test.root.preferences.setAudio(true);
    document.body.innerHTML = '<main data-section="rent"><h1>SELECT A SPACE</h1></main>';
    await vi.waitFor(() => expect(test.spoken()).toHaveLength(1));
    return test;
  }

  it('goes louder and softer a level at a time, said at the new level, and says so at either end', async () => {
    const { root, stop, spoken } = await listening();
    expect(root.speech.volumeLevel).toBe(3);
    press(VOLUME_KEY_CODES.louder, 'AudioVolumeUp');
    await vi.waitFor(() => expect(spoken().at(-1)).toEqual({ text: 'Volume 4 of 5.', lang: 'en', volume: 4 }));
    root.speech.controls!.run('louder');
    await vi.waitFor(() => expect(spoken().at(-1)).toMatchObject({ text: 'Volume 5 of 5.', volume: 5 }));
    root.speech.controls!.run('louder');
    await vi.waitFor(() => expect(spoken().at(-1)).toMatchObject({ text: 'Volume at its highest.', volume: 5 }));
    for (let step = 0; step < 5; step += 1) root.speech.controls!.run('softer');
    await vi.waitFor(() => expect(spoken().at(-1)).toMatchObject({ text: 'Volume at its lowest.', volume: 1 }));
    expect(root.preferences.volume).toBe(1);
    stop();
  });

  it("goes back to the facility's default level when the visit ends", async () => {
    const { root, stop } = await listening();
    root.speech.controls!.run('softer');
    expect(root.speech.volumeLevel).toBe(2);
    root.resetAll();
    expect(root.preferences.volume).toBeNull();
    expect(root.speech.volumeLevel).toBe(3);
    stop();
  });

  it('after the dot, a keypad digit is a command and types nothing; a late digit types', async () => {
    const { root, stop, spoken, sent } = await listening();
    expect(press(STOP_KEY_CODE, '.').defaultPrevented).toBe(true);
    expect(sent('/device/speech/pause')).toHaveLength(1);
    const eight = Object.entries(DOT_COMMANDS).find(([, command]) => command === 'louder')![0];
    expect(press(eight, '8').defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(spoken().at(-1)).toMatchObject({ text: 'Volume 4 of 5.' }));
    // The command is spent: the next 8 types.
    expect(press(eight, '8').defaultPrevented).toBe(false);
    // Another key between the dot and the digit: the digit types.
    press(STOP_KEY_CODE, '.');
    press('Tab', 'Tab');
    expect(press('Numpad2', '2').defaultPrevented).toBe(false);
    expect(root.speech.volumeLevel).toBe(4);
    stop();
  });

  it('stops with the dot and goes on with the star; with nothing paused the star repeats', async () => {
    const { stop, spoken, sent, routes } = await listening();
    press(STOP_KEY_CODE, '.');
    routes['POST /device/speech/resume'] = { body: { resumed: true } };
    press(SPEECH_KEY_CODES.repeat, '*');
    await vi.waitFor(() => expect(sent('/device/speech/resume')).toHaveLength(1));
    expect(JSON.parse(sent('/device/speech/resume')[0]!.body!)).toEqual({ volume: 3 });
    const before = spoken().length;
    routes['POST /device/speech/resume'] = { body: { resumed: false } };
    press(SPEECH_KEY_CODES.repeat, '*');
    await vi.waitFor(() => expect(spoken()).toHaveLength(before + 1));
    expect(spoken().at(-1)!.text).toBe('SELECT A SPACE.');
    stop();
  });

  it('sends private data with the words said in its place and how to hear it; aloud once the visitor asks', async () => {
    const { root, stop, spoken } = await listening();
    root.speech.say(`Your rental is confirmed! ${markPrivate('Unit A12')}. Gate code ${markPrivate('4 8 2 7')}.`);
    expect(spoken().at(-1)).toEqual({
      text: 'Your rental is confirmed! Unit A12. Gate code 4 8 2 7.',
      lang: 'en',
      volume: 3,
      withheld: {
        text: 'Your rental is confirmed! private. Gate code private. Private details are not said through the speaker. To hear them aloud, press dot, then 5.',
      },
    });
    // The hint once a visit.
    root.speech.say(`Balance ${markPrivate('$10.00')}`);
    expect(spoken().at(-1)!.withheld).toEqual({ text: 'Balance private' });

    press(STOP_KEY_CODE, '.');
    press('Numpad5', '5');
    await vi.waitFor(() =>
      expect(spoken().at(-1)).toMatchObject({
        text: 'Private details will be said aloud through the speaker. Balance $10.00',
        aloud: true,
      }),
    );
    root.speech.say(`Unit ${markPrivate('A12')}`);
    expect(spoken().at(-1)).toMatchObject({ text: 'Unit A12', aloud: true, withheld: { text: 'Unit private' } });
    // Forgotten with the visit.
    root.resetAll();
    expect(root.preferences.privateAloud).toBe(false);
    stop();
  });

  it('blanks the screen at once and brings it back; it ends with audio mode and with the visit', async () => {
    const { root, stop, spoken } = await listening();
    press(STOP_KEY_CODE, '.');
    press('Numpad0', '0');
    expect(root.speech.screenBlank).toBe(true);
    await vi.waitFor(() => expect(spoken().at(-1)!.text).toMatch(/^Screen off/));
    press(STOP_KEY_CODE, '.');
    press('Numpad0', '0');
    expect(root.speech.screenBlank).toBe(false);
    await vi.waitFor(() => expect(spoken().at(-1)!.text).toBe('Screen on.'));
    press(STOP_KEY_CODE, '.');
    press('Numpad0', '0');
    root.preferences.setAudio(false);
    expect(root.speech.screenBlank).toBe(false);
    root.preferences.setAudio(true);
    expect(root.speech.screenBlank).toBe(true);
    root.resetAll();
    expect(root.speech.screenBlank).toBe(false);
    stop();
  });
});
