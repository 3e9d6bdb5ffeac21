import { KIOSK_PAGE_HEADER, KIOSK_PAGE_HEADER_VALUE, type UiLogEvent } from '@kiosk/shared-types';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestRoot, FakeSocket, type FakeRoutes } from '../../test/fakes';
import {
  browserBeacon,
  loadLogMasking,
  NAVIGATION_LOG,
  NavigationLog,
  OMITTED,
  toBatches,
  type LogMasking,
} from './NavigationLog';

const CARD = '4111111111111111';

function startedRoot(routes: FakeRoutes = { 'POST /log': { status: 202, body: { accepted: 1 } } }) {
  FakeSocket.instances = [];
  const test = createTestRoot({ routes });
  const stop = test.root.start();
  FakeSocket.latest().open();
  const posts = () =>
    test.requests
      .filter((request) => request.method === 'POST' && request.path === '/log')
      .map((request) => JSON.parse(request.body ?? '[]') as UiLogEvent[]);
  return { ...test, stop, posts };
}

// The masking's code is a chunk of its own (log-masking.ts): here before any test, as in a page
// that has been up a moment. The tests of the moment before it arrives give their log a loader.
beforeAll(async () => {
  await loadLogMasking();
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('NavigationLog', () => {
  it('logs kiosk-section changes as "Navigation {action}" with the active section, batched every 2 s', async () => {
    const { root, stop, posts } = startedRoot();
    root.shell.selectSection('size_guide');
    root.shell.selectSection('pay_bill');
    expect(posts()).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(NAVIGATION_LOG.flushMs);
    expect(posts()).toHaveLength(1);
    const [batch] = posts();
    expect(batch).toHaveLength(2);
    expect(batch?.[0]).toMatchObject({
      event_name: 'Navigation kiosk_section',
      action: 'kiosk_section',
      active_section: 'size_guide',
      data: { kiosk_section: 'size_guide', from: 'home' },
      log_level: 'info',
    });
    expect(batch?.[1]).toMatchObject({ active_section: 'pay_bill', data: { from: 'size_guide' } });
    expect(root.navigationLog.sent).toBe(2);
    stop();
  });

  it('sends at once when 20 events are waiting', async () => {
    const { root, stop, posts } = startedRoot();
    for (let i = 0; i < NAVIGATION_LOG.batchSize; i += 1) root.navigationLog.action('done');
    await vi.advanceTimersByTimeAsync(0);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toHaveLength(20);
    stop();
  });

  it('logs marked buttons with the section they were pressed on (Done, Cancel, sidebar, continue, logout)', async () => {
    const { root, stop, posts } = startedRoot();
    root.shell.selectSection('pay_bill');
    document.body.innerHTML = `
      <button data-nav-action="sidebar" data-nav-target="size_guide">SIZE GUIDE</button>
      <button data-nav-action="continue"><span>CONTINUE</span></button>
      <button>not logged</button>`;
    const [sidebar, next, plain] = [...document.querySelectorAll('button')];
    sidebar?.addEventListener('click', () => root.shell.selectSection('size_guide'));
    sidebar?.click();
    (next?.firstElementChild as HTMLElement).click();
    plain?.click();

    await vi.advanceTimersByTimeAsync(NAVIGATION_LOG.flushMs);
    const events = posts().flat();
    expect(events.map((event) => [event.event_name, event.active_section])).toEqual([
      ['Navigation kiosk_section', 'pay_bill'],
      ['Navigation sidebar', 'pay_bill'],
      ['Navigation kiosk_section', 'size_guide'],
      ['Navigation continue', 'size_guide'],
    ]);
    expect(events[1]?.data).toEqual({ item: 'size_guide' });
    stop();
  });

  it('sends the rental model masked when the rental section changes: a card number never leaves unmasked', async () => {
    const { root, stop, posts, requests } = startedRoot();
    const model = (root.rental as unknown as { model: Record<string, unknown> }).model;
    Object.assign(model, {
      tenant_first_name: 'Jo',
      cc_number: '4111 1111 1111 1111',
      cvv: '123',
      cc_exp_month: '12',
      cc_exp_year: '2031',
      newpassword: 'Secret!1',
      dl_front: `data:image/png;base64,${'A'.repeat(50_000)}`,
    });
    // A card number typed where it does not belong, and one kept as a number, are masked too.
    model.storing_vehicle_type = `my card ${CARD} please`;
    // Free text, an address and a gate code the visitor typed never leave at all.
    model.other_vehicle_describe = 'MARKER-vehicle-blue-boat-trailer';
    model.mailing_address1 = 'MARKER-street-4471-Larkspur';
    model.gatecode = 'MARKER-gate-7e31a9';
    model.total_amount = 4111111111111111 as unknown as string;
    root.rental.section = 'rent_this_space' as typeof root.rental.section;

    await vi.advanceTimersByTimeAsync(NAVIGATION_LOG.flushMs);
    const event = posts()
      .flat()
      .find((candidate) => candidate.action === 'rental_section');
    expect(event?.event_name).toBe('Navigation rental_section');
    expect(event?.data).toMatchObject({ rental_section: 'rent_this_space', from: 'detail_page' });
    const logged = (event?.data as { model: Record<string, unknown> }).model;
    expect(logged.tenant_first_name).toBe('Jo');
    expect(logged.cc_number).toBe('4111********1111');
    expect(logged.cvv).toBe('[removed]');
    expect(logged.cc_exp_month).toBe('[removed]');
    expect(logged.cc_exp_year).toBe('[removed]');
    expect(logged.newpassword).toBe('[removed]');
    expect(logged.dl_front).toBe('[omitted]');
    expect(logged.storing_vehicle_type).toBe('my card 4111********1111 please');
    expect(logged.other_vehicle_describe).toBe('[removed]');
    expect(logged.mailing_address1).toBe('[removed]');
    expect(logged.gatecode).toBe('[removed]');

    const everything = requests.map((request) => request.body ?? '').join('\n');
    expect(everything).not.toMatch(/4111[ -]?1111[ -]?1111[ -]?1111/);
    expect(everything).not.toContain('Secret!1');
    expect(everything).not.toContain('"123"');
    expect(everything).not.toContain('MARKER-');
    stop();
  });

  it('logs the rental model as it was at the section change, masked, also when the page goes away at once', () => {
    const { root, stop } = startedRoot();
    const beacons: string[] = [];
    const log = new NavigationLog(root, {
      beacon: (_url, body) => {
        beacons.push(body);
        return true;
      },
    });
    const stopLog = log.start();
    const model = (root.rental as unknown as { model: Record<string, unknown> }).model;
    model.cc_number = CARD;
    root.rental.section = 'card_details' as typeof root.rental.section;
    // Changed after the tap: the logged model is still the one the section change saw.
    model.cc_number = '';
    window.dispatchEvent(new Event('pagehide'));
    const events = beacons.flatMap((body) => JSON.parse(body) as UiLogEvent[]);
    const logged = events.find((event) => event.action === 'rental_section')?.data as { model: { cc_number: string } };
    expect(logged.model.cc_number).toBe('4111********1111');
    expect(beacons.join('\n')).not.toContain(CARD);
    stopLog();
    stop();
  });

  it("waits for the masking's code before it sends an event's data, then sends it masked", async () => {
    const { root, stop, posts } = startedRoot();
    let arrive: (mask: LogMasking) => void = () => undefined;
    const log = new NavigationLog(root, { loadMasking: () => new Promise((resolve) => (arrive = resolve)) });
    const stopLog = log.start();
    log.action('done', { cc_number: CARD, note: `card ${CARD}` });
    const flushed = log.flush();
    await vi.advanceTimersByTimeAsync(NAVIGATION_LOG.flushMs);
    expect(posts()).toHaveLength(0);

    arrive(await loadLogMasking());
    await flushed;
    expect(posts().flat()).toHaveLength(1);
    expect(posts()[0]?.[0]?.data).toEqual({ cc_number: '4111********1111', note: '[removed]' });
    stopLog();
    stop();
  });

  it("sends an event without its data when the page goes away before the masking's code is here, or it cannot be fetched", async () => {
    const { root, stop, posts, requests } = startedRoot();
    const beacons: string[] = [];
    const early = new NavigationLog(root, {
      beacon: (_url, body) => {
        beacons.push(body);
        return true;
      },
      loadMasking: () => new Promise(() => undefined),
    });
    const stopEarly = early.start();
    early.action('done', { cc_number: CARD });
    window.dispatchEvent(new Event('pagehide'));
    const [exit] = beacons.flatMap((body) => JSON.parse(body) as UiLogEvent[]);
    expect(exit).toMatchObject({ action: 'done', data: { omitted: OMITTED } });
    stopEarly();

    const offline = new NavigationLog(root, { loadMasking: () => Promise.reject(new Error('chunk failed')) });
    offline.action('done', { cc_number: CARD });
    await offline.flush();
    expect(posts().flat()).toEqual([expect.objectContaining({ action: 'done', data: { omitted: OMITTED } })]);
    expect([...beacons, ...requests.map((request) => request.body ?? '')].join('\n')).not.toContain(CARD);
    stop();
  });

  it('never breaks the kiosk when the daemon fails: failures are counted', async () => {
    const { root, stop } = startedRoot({ 'POST /log': { status: 503, body: { message: 'spool full' } } });
    root.shell.selectSection('size_guide');
    await vi.advanceTimersByTimeAsync(NAVIGATION_LOG.flushMs);
    expect(root.navigationLog.failures).toBe(1);
    expect(root.navigationLog.dropped).toBe(1);

    const offline = startedRoot({ 'POST /log': { networkError: true } });
    offline.root.navigationLog.action('done');
    await expect(offline.root.navigationLog.flush()).resolves.toBeUndefined();
    expect(offline.root.navigationLog.failures).toBe(1);
    offline.stop();
    stop();
  });

  it("sends what is left as the page goes away with a keepalive fetch carrying the kiosk page's header", () => {
    const fetchSpy = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetchSpy);
    try {
      expect(browserBeacon('/log', '[]')).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetchSpy).toHaveBeenCalledWith('/log', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', [KIOSK_PAGE_HEADER]: KIOSK_PAGE_HEADER_VALUE },
      body: '[]',
    });
  });

  it('hands what is queued to the beacon when the page goes away', () => {
    const { root, stop } = startedRoot();
    const beacons: { url: string; body: string }[] = [];
    const log = new NavigationLog(root, {
      beacon: (url, body) => {
        beacons.push({ url, body });
        return true;
      },
    });
    const stopLog = log.start();
    log.action('done');
    log.action('cancel');
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe('/log');
    expect((JSON.parse(beacons[0]?.body ?? '[]') as UiLogEvent[]).map((event) => event.action)).toEqual([
      'done',
      'cancel',
    ]);
    expect(log.queued).toHaveLength(0);
    stopLog();
    stop();
  });

  it('sends what the visitor did when the session ends, including the end itself', async () => {
    const { root, stop, posts } = startedRoot();
    root.shell.selectSection('size_guide');
    FakeSocket.latest().receive({ type: 'session-ended', reason: 'idle' });
    await vi.advanceTimersByTimeAsync(0);
    const actions = posts()
      .flat()
      .map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(['kiosk_section', 'session_ended']));
    expect(
      posts()
        .flat()
        .find((event) => event.action === 'session_ended')?.data,
    ).toEqual({ reason: 'idle' });
    stop();
  });

  it('stamps each event with the session it happened in, not the one running when the batch is sent', async () => {
    const { root, stop, posts } = startedRoot();
    const socket = FakeSocket.latest();
    const session = (traceId: string) => ({
      active: true,
      traceId,
      secondsLeft: 180,
      warning: false,
      resetSecondsLeft: null,
    });
    root.navigationLog.action('sidebar');
    socket.receive({ type: 'session-state', session: session('trace-first') });
    root.shell.selectSection('size_guide');
    socket.receive({ type: 'session-ended', reason: 'logout' });
    root.navigationLog.action('sidebar');
    socket.receive({ type: 'session-state', session: session('trace-next') });
    root.shell.selectSection('pay_bill');
    await vi.advanceTimersByTimeAsync(NAVIGATION_LOG.flushMs);

    expect(
      posts()
        .flat()
        .map((event) => [event.action, event.session_id]),
    ).toEqual([
      ['sidebar', undefined],
      ['kiosk_section', 'trace-first'],
      ['session_ended', 'trace-first'],
      // Back to home after the end: no session any more.
      ['kiosk_section', undefined],
      ['sidebar', undefined],
      ['kiosk_section', 'trace-next'],
    ]);
    stop();
  });

  it('splits large batches under the daemon body limit', () => {
    const big = (i: number): UiLogEvent => ({
      event_name: 'Navigation rental_section',
      action: 'rental_section',
      active_section: 'info',
      data: { note: 'x'.repeat(1500), i },
    });
    const batches = toBatches(Array.from({ length: 60 }, (_, i) => big(i)));
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(JSON.stringify(batch).length).toBeLessThanOrEqual(NAVIGATION_LOG.maxPostChars);
    expect(batches.flat()).toHaveLength(60);
  });
});
