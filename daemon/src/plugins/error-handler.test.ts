import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import errorHandler, { INTERNAL_ERROR_MESSAGE } from './error-handler.js';
import { UpstreamError } from './upstream.js';
import { UPSTREAM_DOWN_MESSAGE, UPSTREAM_TIMEOUT_MESSAGE } from '@kiosk/shared-types';

describe('central error handler', () => {
  let app: FastifyInstance;
  const logged: string[] = [];

  beforeAll(async () => {
    app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void logged.push(line) } },
    });
    await app.register(errorHandler);
    app.get('/device/boom', async () => {
      throw new Error('ECONNREFUSED /var/lib/kiosk/secret.db at line 42');
    });
    app.get('/device/conflict', async () => {
      throw Object.assign(new Error('The reader is busy with another swipe.'), { statusCode: 409 });
    });
    app.get('/device/upstream-down', async () => {
      throw new UpstreamError('down', 'decryptCard');
    });
    app.get('/device/upstream-slow', async () => {
      throw new UpstreamError('timeout', 'decryptCard');
    });
    app.post(
      '/device/validated',
      { schema: { body: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] } } },
      async () => ({ ok: true }),
    );
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a 5xx with a generic message and logs the details', async () => {
    const response = await app.inject({ method: 'GET', url: '/device/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: INTERNAL_ERROR_MESSAGE,
    });
    expect(response.body).not.toContain('secret.db');
    expect(logged.some((line) => line.includes('secret.db') && line.includes('"level":50'))).toBe(true);
  });

  it('passes a 4xx message through', async () => {
    const response = await app.inject({ method: 'GET', url: '/device/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'The reader is busy with another swipe.',
    });
  });

  it('turns upstream failures into 502/504 with the UI messages', async () => {
    const down = await app.inject({ method: 'GET', url: '/device/upstream-down' });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe(UPSTREAM_DOWN_MESSAGE);
    const slow = await app.inject({ method: 'GET', url: '/device/upstream-slow' });
    expect(slow.statusCode).toBe(504);
    expect(slow.json().message).toBe(UPSTREAM_TIMEOUT_MESSAGE);
  });

  it('answers validation errors with 400 and names the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/device/validated', payload: { count: 'many' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.json().message).toContain('count');
  });

  it('answers malformed JSON with a 400 JSON error', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/device/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"count":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().statusCode).toBe(400);
  });

  it('answers unknown daemon endpoints with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/device/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
