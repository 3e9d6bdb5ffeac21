import type { SpeechStatus } from '@kiosk/shared-types';
import { when } from 'mobx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { ACTIVE_SESSION as active, createTestRoot, FakeSocket, type FakeRoutes } from '../../test/fakes';
import { AUDIO_KEY_CODE, SPEECH_KEY_CODES, speechParts } from './SpeechStore';

const speaking: SpeechStatus = { available: true, muted: false, tone: true };

function startedRoot(status: SpeechStatus | null) {
  FakeSocket.instances = [];
  const routes: FakeRoutes = {
    'POST /device/speech': { body: { utteranceId: 'u' } },
    'POST /device/speech/stop': { body: { stopped: true } },
    'POST /device/tone': { body: { utteranceId: 't' } },
    ...(status === null ? {} : { 'GET /device/speech': { body: status } }),
  };
  const test = createTestRoot({ routes });
  const stop = test.root.start();
  const socket = FakeSocket.latest();
  socket.open();
  const sent = (path: string) => test.requests.filter((request) => request.method === 'POST' && request.path === path);
  const spoken = () =>
    sent('/device/speech').map((request) => JSON.parse(request.body!) as { text: string; lang: string });
  return { ...test, stop, socket, sent, spoken };
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
    const keys = 'On the keypad, star repeats, slash tells your rental so far, minus tells the price.';
    expect(spoken()[0]).toEqual({
      text: `${english} ${spanish} ${keys} WELCOME. Get started.`,
      lang: 'en',
      parts: [
        { text: english, lang: 'en' },
        { text: spanish, lang: 'es' },
        { text: `${keys} WELCOME. Get started.`, lang: 'en' },
      ],
    });

    pressAudioKey();
    expect(root.preferences.audio).toBe(false);
    expect(spoken().at(-1)).toEqual({ text: 'Audio off.', lang: 'en' });
    stop();
  });

  it('repeats the last utterance and says the price and the rental so far with the keypad keys, in audio mode only', async () => {
    const { root, stop, spoken } = startedRoot(speaking);
    await when(() => root.speech.available);
    const press = (code: string, key: string) => {
      const event = new KeyboardEvent('keydown', { code, key, bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      return event;
    };
    // Audio off: the keys type as keys do.
    expect(press(SPEECH_KEY_CODES.repeat, '*').defaultPrevented).toBe(false);
    root.preferences.setAudio(true);
    root.speech.say('Unit A104, $95.00');
    expect(press(SPEECH_KEY_CODES.repeat, '*').defaultPrevented).toBe(true);
    expect(spoken().at(-1)).toEqual({ text: 'Unit A104, $95.00', lang: 'en' });
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
    root.speech.say('Card number, 4111 1111 1111 1111');
    root.preferences.language = 'es';
    root.speech.say('Tarjeta 378282246310005');
    expect(spoken().slice(-2)).toEqual([
      { text: 'Card number, card ending in 1 1 1 1', lang: 'en' },
      { text: 'Tarjeta tarjeta terminada en 0 0 0 5', lang: 'es' },
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

describe('speechParts', () => {
  it('cuts an utterance where a text in another language starts and ends, each part in its language', () => {
    expect(speechParts('¡Ups! \uE000en\uE001Your card was declined.\uE002 Pida ayuda.', 'es')).toEqual([
      { text: '¡Ups!', lang: 'es' },
      { text: 'Your card was declined.', lang: 'en' },
      { text: 'Pida ayuda.', lang: 'es' },
    ]);
    expect(speechParts('Plain text', 'en')).toEqual([{ text: 'Plain text', lang: 'en' }]);
  });
});
