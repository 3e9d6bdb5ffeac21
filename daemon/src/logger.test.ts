import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { loggerOptions } from './logger.js';

describe('the daemon log', () => {
  it('carries the release stage on every line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({ KIOSK_SANDBOX: 'on', KIOSK_RELEASE_STAGE: 'staging' });
    const app = Fastify({ logger: { ...(loggerOptions(config) as object), stream } });
    app.log.info({ component: 'test' }, 'hello');
    await app.close();
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.release_stage === 'staging')).toBe(true);
    expect(entries.find((entry) => entry.msg === 'hello')).toMatchObject({ pid: process.pid, component: 'test' });
  });
});

describe('request lines', () => {
  it('show a phone number in a request URL by its last four digits only', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({ KIOSK_SANDBOX: 'on' });
    const app = Fastify({ logger: { ...(loggerOptions(config) as object), stream } });
    app.get('/api/users/phone/:phone/', async () => ({ data: { user: null } }));
    await app.inject({ url: '/api/users/phone/%2B12175550147/' });
    await app.close();
    const incoming = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url: string; method: string } });
    expect(incoming.find((entry) => entry.msg === 'incoming request')?.req).toMatchObject({
      method: 'GET',
      url: '/api/users/phone/***-***-0147/',
    });
    expect(lines.join('\n')).not.toContain('2175550147');
  });
});

describe('every line of the daemon log', () => {
  const GATE = 'MARKER-gate-7e31a9';
  const USER_TOKEN = 'MARKER-user-token-6a1e0d';
  const ADDRESS = 'MARKER-street-4471-Larkspur';
  const ACCESS = 'MARKER-access-5c0d2f';
  const NOTES = 'MARKER-notes-leave-by-the-back-door';

  it('hides addresses, gate and access codes, tokens, e-mails and free text, in fields, URLs and text', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({ KIOSK_SANDBOX: 'on' });
    const app = Fastify({ logger: { ...(loggerOptions(config) as object), stream } });
    app.get('/api/validate-gatecode/', async () => ({ ok: true }));
    await app.inject({
      url: `/api/validate-gatecode/?gatecode=${GATE}&user_token=${USER_TOKEN}&email=jane.doe%40example.com`,
    });
    app.log.warn(
      { form: { mailing_address1: ADDRESS, accessCode: ACCESS, notes: NOTES, unit_no: 'B-10' } },
      'the operator refused the call',
    );
    app.log.warn(`operator quoted gatecode=${GATE} for jane.doe@example.com`);
    await app.close();
    const text = lines.join('\n');
    for (const marker of [GATE, USER_TOKEN, ADDRESS, ACCESS, NOTES, 'jane.doe']) expect(text).not.toContain(marker);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((entry) => entry.msg === 'incoming request')?.req).toMatchObject({
      url: '/api/validate-gatecode/?gatecode=[removed]&user_token=[removed]&email=j***@example.com',
    });
    expect(entries.find((entry) => entry.msg === 'the operator refused the call')?.form).toEqual({
      mailing_address1: '[removed]',
      accessCode: '[removed]',
      notes: '[removed]',
      unit_no: 'B-10',
    });
    expect(text).toContain('operator quoted gatecode=[removed] for j***@example.com');
  });
});
