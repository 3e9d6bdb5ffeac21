import { describe, expect, it } from 'vitest';
import { common } from './en/common';
import { shell } from './en/shell';
import { i18next, initI18n, loadAreaTexts } from './setup';

describe('area texts', () => {
  it('start with the shell texts only and add every area on loadAreaTexts, keeping the shell texts', async () => {
    initI18n({ common, shell });
    const t = i18next.t as unknown as (key: string, values?: Record<string, unknown>) => string;
    expect(t('browse.sizes_for_rent', { count: 2 })).toBe('browse.sizes_for_rent');
    const welcome = t('shell.welcome.headline');
    expect(welcome).not.toBe('shell.welcome.headline');

    await loadAreaTexts();
    expect(t('browse.sizes_for_rent', { count: 2 })).toBe('2 sizes for rent');
    expect(t('shell.welcome.headline')).toBe(welcome);
  });
});
