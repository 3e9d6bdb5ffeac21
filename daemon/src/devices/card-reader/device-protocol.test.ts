import { describe, expect, it } from 'vitest';
import { readDecryptAnswer, readHealthAnswer, readSwipeAnswer } from './device-protocol.js';

describe('readSwipeAnswer', () => {
  it('reads card data, no-card timeouts, device errors and garbage', () => {
    expect(readSwipeAnswer(200, '{"Status":"OK","CardData":"SIMENC:abc"}')).toEqual({
      kind: 'card',
      cardData: 'SIMENC:abc',
    });
    expect(readSwipeAnswer(200, '{"Status":"Timeout"}')).toEqual({ kind: 'no-card' });
    expect(readSwipeAnswer(500, '{"Status":"Error"}').kind).toBe('device-error');
    expect(readSwipeAnswer(200, '\u0002%B4111^GARBLED').kind).toBe('garbage');
    expect(readSwipeAnswer(200, '[1,2]').kind).toBe('garbage');
    expect(readSwipeAnswer(200, '{"Status":"OK"}').kind).toBe('garbage');
    expect(readSwipeAnswer(200, '{"Status":"OK","CardData":""}').kind).toBe('garbage');
    expect(readSwipeAnswer(200, '{"Status":"Weird"}').kind).toBe('garbage');
  });

  it('never puts card data into a problem message', () => {
    const answer = readSwipeAnswer(200, '{"Status":"Weird","CardData":"4111111111111111"}');
    expect(JSON.stringify(answer)).not.toContain('4111');
  });
});

describe('readHealthAnswer', () => {
  it('is ok only for 200 with statusText OK', () => {
    expect(readHealthAnswer(200, '{"statusText":"OK"}')).toEqual({ ok: true });
    expect(readHealthAnswer(200, '{"statusText":"Not Ready"}')).toEqual({
      ok: false,
      message: 'CheckHealth answered HTTP 200: Not Ready',
    });
    expect(readHealthAnswer(503, '{"statusText":"OK"}').ok).toBe(false);
    expect(readHealthAnswer(200, 'garbage').ok).toBe(false);
  });
});

describe('readDecryptAnswer', () => {
  const swipe = { name: 'JANE Q TENANT', card_number: '4111111111111111', exp_month: '12', exp_year: '30' };

  it('reads result.DecryptedCardSwipe from an ok answer (object or JSON text)', () => {
    const body = { application_data: { status: 'ok', result: { DecryptedCardSwipe: swipe } } };
    expect(readDecryptAnswer(body)).toEqual(swipe);
    expect(readDecryptAnswer(JSON.stringify(body))).toEqual(swipe);
  });

  it('accepts numeric month and year and strips separators from the number', () => {
    const body = {
      application_data: {
        status: 'ok',
        result: { DecryptedCardSwipe: { ...swipe, card_number: '4111 1111 1111 1111', exp_month: 3, exp_year: 30 } },
      },
    };
    expect(readDecryptAnswer(body)).toEqual({ ...swipe, exp_month: '3', exp_year: '30' });
  });

  it('refuses error answers, incomplete cards and a misread number (Luhn check fails)', () => {
    expect(readDecryptAnswer({ application_data: { status: 'error', message: 'bad' } })).toBeUndefined();
    expect(readDecryptAnswer({ application_data: { status: 'ok', result: {} } })).toBeUndefined();
    expect(
      readDecryptAnswer({
        application_data: { status: 'ok', result: { DecryptedCardSwipe: { ...swipe, card_number: '41' } } },
      }),
    ).toBeUndefined();
    expect(
      readDecryptAnswer({
        application_data: {
          status: 'ok',
          result: { DecryptedCardSwipe: { ...swipe, card_number: '4111111111111112' } },
        },
      }),
    ).toBeUndefined();
    expect(readDecryptAnswer('<html>')).toBeUndefined();
    expect(readDecryptAnswer(null)).toBeUndefined();
  });
});
