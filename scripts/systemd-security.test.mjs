import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, assess, familiesOf, justified, parseSecurity, ROOT, settingsOf, UNITS } from './systemd-security.mjs';

const OUTPUT = `  NAME                                 DESCRIPTION                                              EXPOSURE
✗ RootDirectory=/RootImage=            Service runs within the host's root directory                 0.1
✓ User=/DynamicUser=                   Service runs under a static non-root user identity
✗ RestrictAddressFamilies=~AF_(INET|INET6) Service may allocate Internet sockets                     0.3
✗ PrivateNetwork=                      Service has access to the host's network                      0.5

→ Overall exposure level for kiosk-test.service: 1.4 OK 🙂
`;

const unitFile = (unit) => readFileSync(join(ROOT, unit), 'utf8');

/** A unit's settings, continuation lines joined and comments left out: key -> every value given. */
function settings(unitText) {
  const found = new Map();
  for (const line of unitText.replace(/\\\n/g, ' ').split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) found.set(match[1], [...(found.get(match[1]) ?? []), match[2].trim()]);
  }
  return found;
}

const hasAnalyze = spawnSync('systemd-analyze', ['--version']).error === undefined;

describe('systemd-analyze security output', () => {
  it('reads the overall exposure and every exposed item, not the passed ones', () => {
    const { exposure, rating, exposed } = parseSecurity(OUTPUT);
    expect(exposure).toBe(1.4);
    expect(rating).toBe('OK');
    expect(exposed.map((entry) => [entry.item, entry.exposure])).toEqual([
      ['RootDirectory=/RootImage=', 0.1],
      ['RestrictAddressFamilies=~AF_(INET|INET6)', 0.3],
      ['PrivateNetwork=', 0.5],
    ]);
  });

  it('gives no exposure for output without an overall line', () => {
    expect(parseSecurity('Failed to parse unit file').exposure).toBeNaN();
  });

  it('names the settings and address families of an item', () => {
    expect(settingsOf('RootDirectory=/RootImage=')).toEqual(['RootDirectory', 'RootImage']);
    expect(settingsOf('SystemCallFilter=~@mount')).toEqual(['SystemCallFilter']);
    expect(familiesOf('RestrictAddressFamilies=~AF_(INET|INET6)')).toEqual(['AF_INET', 'AF_INET6']);
    expect(familiesOf('RestrictAddressFamilies=~AF_NETLINK')).toEqual(['AF_NETLINK']);
    expect(familiesOf('PrivateNetwork=')).toEqual([]);
  });
});

describe('justification comments', () => {
  it('counts a comment naming the setting, never the setting line itself', () => {
    expect(justified('# - PrivateNetwork=: networking is the job\n', 'PrivateNetwork=')).toBe(true);
    expect(justified('PrivateNetwork=no\n', 'PrivateNetwork=')).toBe(false);
    expect(justified('# PrivateNetworking is not it\n', 'PrivateNetwork=')).toBe(false);
  });

  it('wants every address family of an item named', () => {
    const item = 'RestrictAddressFamilies=~AF_(INET|INET6)';
    expect(justified('# RestrictAddressFamilies= keeps AF_INET for the listener\n', item)).toBe(false);
    expect(justified('# RestrictAddressFamilies= keeps AF_INET and AF_INET6\n', item)).toBe(true);
  });

  it('fails a unit over its target, or with an exposed item nobody justified', () => {
    const all = '# RootDirectory, RestrictAddressFamilies with AF_INET and AF_INET6, PrivateNetwork\n';
    expect(assess(OUTPUT, all, 2.0)).toMatchObject({ met: true, missing: [], ok: true });
    expect(assess(OUTPUT, all, 1.0)).toMatchObject({ met: false, ok: false });
    const partial = assess(OUTPUT, '# RootDirectory, PrivateNetwork\n', 2.0);
    expect(partial).toMatchObject({ met: true, missing: ['RestrictAddressFamilies=~AF_(INET|INET6)'], ok: false });
    expect(partial.items.map((entry) => entry.exposure)).toEqual([0.5, 0.3, 0.1]);
  });
});

describe('the units the package ships', () => {
  it('are all checked, each against its own target', () => {
    const shipped = readdirSync(join(ROOT, 'systemd')).filter((name) => name.endsWith('.service'));
    expect(UNITS.map(({ unit }) => unit.replace('systemd/', '')).sort()).toEqual(shipped.sort());
    expect(Object.fromEntries(UNITS.map(({ unit, target }) => [unit, target]))).toEqual({
      'systemd/kiosk-daemon.service': 3.0,
      'systemd/kiosk-prometheus-agent.service': 2.0,
      'systemd/kiosk-browser.service': 5.0,
      'systemd/storage-kiosk-update.service': 4.0,
      'systemd/storage-kiosk-update-boot.service': 4.0,
    });
  });

  it.skipIf(!hasAnalyze).each(UNITS)('$unit meets its target with every exposed item justified', ({ unit, target }) => {
    const verdict = assess(analyze(unit).output, unitFile(unit), target);
    expect(verdict.exposure).toBeLessThanOrEqual(target);
    expect(verdict.missing).toEqual([]);
  });

  it("leave Chromium what its own sandbox needs and start it as the package's files expect", () => {
    const browser = settings(unitFile('systemd/kiosk-browser.service'));
    expect(browser.get('RestrictNamespaces')).toEqual(['user pid net']);
    const calls = browser.get('SystemCallFilter').join(' ');
    for (const call of ['chroot', 'capset', 'seccomp']) expect(calls).toMatch(new RegExp(`(^| )${call}( |$)`));
    expect(browser.get('MemoryDenyWriteExecute')).toBeUndefined();
    expect(browser.get('StateDirectory')).toEqual(['kiosk-browser']);
    expect(browser.get('Restart')).toEqual(['always']);
    const start = browser.get('ExecStart')[0];
    expect(start).toMatch(/^\/usr\/bin\/chromium .*--kiosk .*--user-data-dir=\/var\/lib\/kiosk-browser\/profile /);
    expect(start).toMatch(/\$\{KIOSK_URL\}$/);
    expect(browser.get('ExecStartPre')[0]).toContain('/var/lib/kiosk-browser/profile');
  });

  it('leave the update agent what package installs need, and never kill a dpkg it started', () => {
    const update = settings(unitFile('systemd/storage-kiosk-update.service'));
    expect(update.get('User')).toBeUndefined();
    expect(update.get('ProtectSystem')).toBeUndefined();
    expect(update.get('RestrictSUIDSGID')).toBeUndefined();
    expect(update.get('KillMode')).toEqual(['process']);
    expect(update.get('ExecStart')).toEqual(['/usr/bin/storage-kiosk update']);
    expect(update.get('StateDirectory')).toEqual(['storage-kiosk/update']);
    expect(update.get('CapabilityBoundingSet')[0].split(' ')).toEqual(
      expect.arrayContaining([
        'CAP_CHOWN',
        'CAP_DAC_OVERRIDE',
        'CAP_FOWNER',
        'CAP_SETUID',
        'CAP_SETGID',
        'CAP_SETFCAP',
      ]),
    );
  });

  it('let support, the timer and the boot start the update agent back to back', () => {
    const update = settings(unitFile('systemd/storage-kiosk-update.service'));
    expect(update.get('StartLimitIntervalSec')).toEqual(['0']);
    expect(update.get('After')[0].split(' ')).toContain('storage-kiosk-update-boot.service');
  });

  it("run the agent's boot step before the daemon and the browser, without the network, never killing dpkg", () => {
    const boot = settings(unitFile('systemd/storage-kiosk-update-boot.service'));
    expect(boot.get('ExecStart')).toEqual(['/usr/bin/storage-kiosk update --boot']);
    expect(boot.get('Type')).toEqual(['oneshot']);
    expect(boot.get('Before')[0].split(' ')).toEqual(
      expect.arrayContaining(['kiosk-daemon.service', 'kiosk-browser.service']),
    );
    expect(boot.get('WantedBy')).toEqual(['multi-user.target']);
    expect(boot.get('Wants')).toBeUndefined();
    expect(boot.get('After')).toBeUndefined();
    expect(boot.get('PrivateNetwork')).toEqual(['yes']);
    expect(boot.get('KillMode')).toEqual(['process']);
    expect(boot.get('User')).toBeUndefined();
  });

  it('leave the agent its scrape on loopback, its remote write and its WAL', () => {
    const agent = settings(unitFile('systemd/kiosk-prometheus-agent.service'));
    expect(agent.get('RestrictAddressFamilies')[0].split(' ')).toEqual(expect.arrayContaining(['AF_INET', 'AF_INET6']));
    expect(agent.get('PrivateNetwork')).toBeUndefined();
    expect(agent.get('IPAddressDeny')).toBeUndefined();
    expect(agent.get('ExecStart')[0]).toContain('--storage.agent.path=/var/lib/storage-kiosk/prometheus-agent');
    expect(agent.get('StateDirectory')).toEqual(['storage-kiosk/prometheus-agent']);
    expect(agent.get('ExecStartPre')[0]).toContain('/run/kiosk-prometheus-agent/token');
    expect(agent.get('RuntimeDirectory')).toEqual(['kiosk-prometheus-agent']);
  });
});
