import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app.js';
import { encryptSimulatedSwipe } from '../../devices/card-reader/simulator.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildSandbox();
});
beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/__sandbox/reset' });
});
afterAll(async () => {
  await app.close();
});

const decrypt = async (cardData: string) =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/v1/facilities/demo/credit-card/',
      headers: { 'x-api-key': 'k', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card_data: cardData }).toString(),
    })
  ).json().application_data;

describe('credit-card decrypt', () => {
  it('decrypts a simulated swipe into DecryptedCardSwipe', async () => {
    const card = { name: 'JANE Q TENANT', card_number: '4111111111111111', exp_month: '12', exp_year: '30' };
    expect(await decrypt(encryptSimulatedSwipe(card))).toEqual({ status: 'ok', result: { DecryptedCardSwipe: card } });
  });

  it.each([
    ['garbage from the reader', '\u0002%B4111^GARBLED?\u0003'],
    ['an empty swipe', ''],
    ['a prefix with broken data', 'SIMENC:not-base64!'],
    [
      'a swipe without a card number',
      `SIMENC:${Buffer.from(JSON.stringify({ name: 'X', exp_month: '1', exp_year: '30' })).toString('base64')}`,
    ],
  ])('answers Unable to read card for %s', async (_label, cardData) => {
    expect(await decrypt(cardData)).toEqual({
      status: 'error',
      code: 'CardUnreadable',
      message: 'Unable to read card',
    });
  });
});
