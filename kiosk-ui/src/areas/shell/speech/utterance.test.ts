import { describe, expect, it } from 'vitest';
import { speechParts, speechRequest } from './utterance';

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

describe('speechRequest', () => {
  it('masks, cuts in parts where the language changes, and carries the volume level', () => {
    expect(speechRequest('Card 4111 1111 1111 1111', 'en', 4)).toEqual({
      text: 'Card card ending in 1 1 1 1',
      lang: 'en',
      volume: 4,
    });
    expect(speechRequest('Hola \uE000en\uE001Welcome\uE002', 'es')).toEqual({
      text: 'Hola Welcome',
      lang: 'es',
      parts: [
        { text: 'Hola', lang: 'es' },
        { text: 'Welcome', lang: 'en' },
      ],
    });
    expect(speechRequest('  ', 'en')).toBeUndefined();
  });
});
