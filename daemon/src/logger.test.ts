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
