import { describe, expect, it } from 'vitest';
import { firstScreenCommon, firstScreenShell } from './en/first-screen';
import { i18next, initI18n, loadAreaTexts } from './setup';

describe('area texts', () => {
  it("start with the first screen's texts only and add every area on loadAreaTexts, keeping those", async () => {
    initI18n({ common: firstScreenCommon, shell: firstScreenShell });
    const t = i18next.t as unknown as (key: string, values?: Record<string, unknown>) => string;
    expect(t('browse.sizes_for_rent', { count: 2 })).toBe('browse.sizes_for_rent');
    expect(t('shell.idle.title')).toBe('shell.idle.title');
    const welcome = t('shell.welcome.headline');
    expect(welcome).not.toBe('shell.welcome.headline');

    await loadAreaTexts();
    expect(t('browse.sizes_for_rent', { count: 2 })).toBe('2 sizes for rent');
    expect(t('shell.idle.title')).toBe('ARE YOU STILL HERE?');
    expect(t('shell.welcome.headline')).toBe(welcome);
  });
});
