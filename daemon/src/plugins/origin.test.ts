import { describe, expect, it } from 'vitest';
import { isOwnHost, isSameOrigin } from './origin.js';

describe('isOwnHost', () => {
  it('takes a loopback name or the configured listen host, with any port', () => {
    const config = { host: 'kiosk-07.lan' };
    for (const host of [
      '127.0.0.1:8080',
      'localhost',
      'LOCALHOST:80',
      '[::1]:8080',
      'kiosk-07.lan:8080',
      'kiosk-07.lan',
    ])
      expect(isOwnHost(host, config), host).toBe(true);
    expect(isOwnHost('[::1]', { host: '::1' })).toBe(true);
  });

  it('refuses any other name, a missing Host, and a Host that is not one', () => {
    const config = { host: '127.0.0.1' };
    for (const host of [
      undefined,
      '',
      'rebind.example:8080',
      '127.0.0.2:8080',
      'evil@127.0.0.1',
      '127.0.0.1/x',
      '127.0.0.1:8080:1',
    ])
      expect(isOwnHost(host, config), String(host)).toBe(false);
  });
});

describe('isSameOrigin', () => {
  it("is the page's origin as its Host names it, default port or not", () => {
    expect(isSameOrigin('http://127.0.0.1:8080', '127.0.0.1:8080')).toBe(true);
    expect(isSameOrigin('http://localhost', 'localhost:80')).toBe(true);
    expect(isSameOrigin('https://127.0.0.1:8080', '127.0.0.1:8080')).toBe(false);
    expect(isSameOrigin('http://localhost:8080', '127.0.0.1:8080')).toBe(false);
    expect(isSameOrigin('null', '127.0.0.1:8080')).toBe(false);
  });
});
