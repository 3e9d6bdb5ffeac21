import { describe, expect, it } from 'vitest';
import { SESSION } from './constants.js';
import type { ServerEvent } from './events.js';
import { isServerEvent } from './server-events.js';

/** What the daemon's session machine sends (session-machine.ts snapshot()), idle and counting down. */
const IDLE = {
  active: false,
  traceId: null,
  secondsLeft: SESSION.expirySeconds,
  warning: false,
  resetSecondsLeft: null,
};
const WARNING = { active: true, traceId: 'trace-42', secondsLeft: 28.5, warning: true, resetSecondsLeft: 60 };
const FIELDS = {
  first_name: 'JANE',
  middle_name: '',
  last_name: 'TENANT',
  address: '1 MAIN ST',
  city: 'AUSTIN',
  state: 'TX',
  zip: '78701',
  date_of_birth: '01/02/1990',
  licence_number: 'D1234567',
  issuing_state: 'TX',
  expiry: '01/02/2030',
};

/** One of each event as the daemon emits it (events.ts, session-machine.ts, reader-machine.ts, printer and id-scanner services, session.ts). */
const SENT: ServerEvent[] = [
  {
    type: 'hello',
    serverTime: 1_790_000_000_000,
    session: IDLE,
    reader: 'unknown',
    version: '1.4.0',
    contentOrigins: ['http://127.0.0.1:8090', 'https://www.youtube.com'],
    sandbox: true,
  },
  {
    type: 'hello',
    serverTime: 1,
    session: WARNING,
    reader: 'ok',
    version: '1.4.0',
    contentOrigins: [],
    sandbox: false,
  },
  { type: 'server-time', epochSeconds: 1_790_000_000 },
  { type: 'reader-status', status: 'down' },
  { type: 'reader-status', status: 'down', message: 'CheckHealth answered 500' },
  { type: 'swipe-started', swipeId: 'swipe-1', waitSeconds: 30 },
  {
    type: 'swipe-result',
    swipeId: 'swipe-1',
    card: { name: 'JANE TENANT', card_number: '4111111111111111', exp_month: '12', exp_year: '2030' },
  },
  { type: 'swipe-error', swipeId: 'swipe-1', reason: 'cancelled', message: 'The card swipe was cancelled.' },
  { type: 'session-state', session: WARNING },
  { type: 'session-warning', session: WARNING },
  { type: 'session-ended', reason: 'idle' },
  { type: 'home-reload' },
  { type: 'printer-status', printer: { status: 'down', configured: true, state: 'paper-out', canPrint: false } },
  { type: 'print-result', jobId: 'job-1', printed: true },
  {
    type: 'print-result',
    jobId: 'job-2',
    printed: false,
    reason: 'timeout',
    message: 'The printer did not answer in time.',
  },
  { type: 'id-scan', outcome: { ok: true, fields: FIELDS } },
  {
    type: 'id-scan',
    outcome: { ok: false, problem: 'under-18', message: 'You must be 18 or older to rent a storage unit.' },
  },
  { type: 'hold-released', spaceId: 'space-7', reason: 'left-screen' },
];

/** Through the wire: what the page's socket hands the client. */
const overTheWire = (event: unknown): unknown => JSON.parse(JSON.stringify(event));

describe('reading the daemon event socket', () => {
  it.each(SENT.map((event) => [event.type, event]))('takes a %s event as the daemon sends it', (_type, event) => {
    expect(isServerEvent(overTheWire(event))).toBe(true);
  });

  it('drops what is no event: not an object, no type, or a type the daemon does not send', () => {
    for (const value of [null, 'hello', 42, [], {}, { type: 42 }, { type: 'hello-there' }, { type: 'toString' }])
      expect(isServerEvent(value)).toBe(false);
  });

  it('drops an event whose fields a handler reads are missing or of another type', () => {
    const hello = SENT[0] as Extract<ServerEvent, { type: 'hello' }>;
    const { session: _session, ...helloWithoutSession } = hello;
    const malformed: unknown[] = [
      helloWithoutSession,
      { ...hello, reader: 'broken' },
      { ...hello, contentOrigins: 'https://www.youtube.com' },
      { ...hello, sandbox: 'yes' },
      { type: 'session-state', session: { ...WARNING, secondsLeft: '28' } },
      { type: 'session-warning' },
      { type: 'session-ended', reason: 'bored' },
      { type: 'reader-status', status: 'ok', message: 500 },
      { type: 'swipe-started', waitSeconds: 30 },
      { type: 'swipe-result', swipeId: 'swipe-1', card: { name: 'JANE TENANT', card_number: 4111111111111111 } },
      { type: 'swipe-error', swipeId: 'swipe-1', reason: 'smudged', message: 'x' },
      { type: 'printer-status', printer: { status: 'down', configured: true, state: 'on-fire', canPrint: false } },
      { type: 'print-result', jobId: 'job-2', printed: false },
      { type: 'id-scan', outcome: { ok: true, fields: { ...FIELDS, zip: 78701 } } },
      { type: 'hold-released', spaceId: 'space-7', reason: 'stolen' },
      { type: 'server-time', epochSeconds: '1790000000' },
    ];
    for (const event of malformed) expect(isServerEvent(overTheWire(event)), JSON.stringify(event)).toBe(false);
  });
});
