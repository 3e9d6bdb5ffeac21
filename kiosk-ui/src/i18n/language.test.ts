import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestRoot, FakeSocket } from '../test/fakes';
import { displayLocale } from '../utils/locale';
import { formatMoney } from '../utils/money';
import { i18next } from '.';
import { followVisitorLanguage } from './language';
import type { UiLogEvent } from '@kiosk/shared-types';

const t = (key: string, values?: Record<string, unknown>) =>
  (i18next.t as unknown as (key: string, values?: Record<string, unknown>) => string)(key, values);

function startedRoot() {
  FakeSocket.instances = [];
  const test = createTestRoot({ routes: { 'POST /log': { status: 202, body: { accepted: 1 } } } });
  const stopRoot = test.root.start();
  const stopLanguage = followVisitorLanguage(test.root.preferences, test.api);
  FakeSocket.latest().open();
  const logged = () =>
    test.requests
      .filter((request) => request.method === 'POST' && request.path === '/log')
      .flatMap((request) => JSON.parse(request.body ?? '[]') as UiLogEvent[]);
  return {
    ...test,
    logged,
    stop: () => {
      stopLanguage();
      stopRoot();
    },
  };
}

const shownIn = (language: string) => vi.waitFor(() => expect(i18next.language).toBe(language));

beforeEach(async () => {
  await i18next.changeLanguage('en');
});

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('the visitor language', () => {
  it('starts in English, with the English page language', async () => {
    const { stop } = startedRoot();
    await shownIn('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('shell.idle.title')).toBe('ARE YOU STILL HERE?');
    stop();
  });

  it('switches every text, the page language, money, operator calls and the log to Spanish', async () => {
    const { root, api, logged, stop } = startedRoot();
    root.preferences.chooseLanguage('es');
    await shownIn('es');
    expect(document.documentElement.lang).toBe('es');
    expect(t('shell.idle.title')).toBe('¿SIGUE AHÍ?');
    expect(t('shell.welcome.headline')).toBe('BIENVENIDO');
    expect(t('browse.sizes_for_rent', { count: 1 })).toBe('1 tamaño disponible');
    expect(t('browse.sizes_for_rent', { count: 3 })).toBe('3 tamaños disponibles');
    expect(t('common.field.required')).toBe('Este campo es obligatorio');
    expect(formatMoney(1234.5, { cents: true })).toBe('$1,234.50');
    expect(displayLocale()).toBe('es-US');
    expect(api.acceptLanguage).toMatch(/^es-US\b/);

    root.shell.selectSection('size_guide');
    await root.navigationLog.flush();
    const events = logged();
    expect(events.find((event) => event.action === 'language')).toMatchObject({
      data: { language: 'es' },
      language: 'es',
    });
    expect(events.find((event) => event.action === 'kiosk_section')).toMatchObject({ language: 'es' });
    stop();
  });

  it('goes back to English when the session ends', async () => {
    const { root, api, logged, stop } = startedRoot();
    root.preferences.chooseLanguage('es');
    await shownIn('es');
    FakeSocket.latest().receive({ type: 'session-ended', reason: 'idle' });
    expect(root.preferences.language).toBe('en');
    await shownIn('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('shell.idle.title')).toBe('ARE YOU STILL HERE?');
    expect(formatMoney(5)).toBe('$5');
    expect(displayLocale()).toBe('en-US');
    expect(api.acceptLanguage).toBe('en-US');
    // The end itself is logged in the language the visitor was using.
    await root.navigationLog.flush();
    expect(logged().find((event) => event.action === 'session_ended')).toMatchObject({ language: 'es' });
    stop();
  });

  it('keeps the last choice when the visitor taps twice before Spanish has loaded', async () => {
    const { root, stop } = startedRoot();
    root.preferences.chooseLanguage('es');
    root.preferences.chooseLanguage('en');
    await shownIn('en');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18next.language).toBe('en');
    stop();
  });
});
