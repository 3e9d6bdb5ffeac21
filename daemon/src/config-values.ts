import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { closest, distance } from 'fastest-levenshtein';
import pino from 'pino';

/**
 * How one configuration value is read and checked: each reader takes the merged settings (the
 * environment over KIOSK_CONFIG_FILE), falls back when the setting is absent or empty, and stops
 * the daemon with a ConfigError naming the setting when the value is wrong. config.ts says which
 * settings the daemon has.
 */
export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(`Invalid configuration: ${setting} ${message}`);
    this.name = 'ConfigError';
  }
}

export type Source = Record<string, string | undefined>;

export function text(source: Source, name: string, fallback: string): string {
  const value = source[name];
  return value === undefined || value === '' ? fallback : value;
}

export function optionalUrl(source: Source, name: string): string | null {
  const value = source[name];
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

export function integer(source: Source, name: string, fallback: number, min: number, max: number): number {
  const value = source[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

export function positiveNumber(source: Source, name: string, fallback: number): number {
  const value = source[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0 || parsed > 1) {
    throw new ConfigError(name, `must be a number above 0 and at most 1, got "${value}"`);
  }
  return parsed;
}

/** on/off, true/false, yes/no or 1/0, as systemd reads a boolean. */
export function bool(source: Source, name: string, fallback: boolean): boolean {
  const value = source[name];
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  throw new ConfigError(name, `must be on or off (or true/false, yes/no, 1/0), got "${value}"`);
}

/** One of pino's levels, or silent. */
export function logLevel(source: Source, name: string, fallback: string): string {
  const value = text(source, name, fallback);
  const levels = [...Object.keys(pino.levels.values), 'silent'];
  if (!levels.includes(value)) throw new ConfigError(name, `must be one of ${levels.join(', ')}, got "${value}"`);
  return value;
}

/**
 * A KIOSK_* name the daemon does not read, with the closest known name when one is near enough
 * to be a typo (KIOSK_UPSTREAM_ULR → KIOSK_UPSTREAM_URL). Other names (PATH, HOME...) are not ours.
 */
export function unknownSettings(given: Iterable<string>, known: ReadonlySet<string>): ConfigError[] {
  const candidates = [...known];
  const errors: ConfigError[] = [];
  for (const name of given) {
    if (!name.startsWith('KIOSK_') || known.has(name)) continue;
    const nearest = candidates.length === 0 ? undefined : closest(name, candidates);
    const nearEnough = nearest !== undefined && distance(name, nearest) <= Math.max(3, Math.floor(name.length / 4));
    errors.push(
      new ConfigError(
        name,
        nearEnough
          ? `is an unknown setting, did you mean ${nearest}?`
          : "is an unknown setting (the README's Configuration table lists them all)",
      ),
    );
  }
  return errors;
}

export function headerName(source: Source, name: string, fallback: string): string {
  const value = text(source, name, fallback).toLowerCase();
  if (!/^[a-z0-9-]+$/.test(value)) throw new ConfigError(name, `must be an HTTP header name, got "${value}"`);
  return value;
}

export function readFileSource(path: string | undefined): Source {
  if (path === undefined || path === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError('KIOSK_CONFIG_FILE', `could not be read as JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('KIOSK_CONFIG_FILE', 'must hold a JSON object of KIOSK_* settings');
  }
  return Object.fromEntries(
    Object.entries(parsed).map(([key, value]) => [key, value === null ? undefined : String(value)]),
  );
}

/** `tcp://host:port` (raw network printing) or an absolute device path. */
export function printerTarget(source: Source, name: string): string | null {
  const value = source[name];
  if (value === undefined || value === '') return null;
  if (value.startsWith('/')) return devicePath(source, name);
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'tcp:' || url.hostname === '' || (url.pathname !== '' && url.pathname !== '/')) {
    throw new ConfigError(name, `must be tcp://host:port or a device path such as /dev/usb/lp0, got "${value}"`);
  }
  return `tcp://${url.host}`;
}

export function devicePath(source: Source, name: string): string | null {
  const value = source[name];
  if (value === undefined || value === '') return null;
  if (!/^\/[\w./-]+$/.test(value) || value.includes('..')) {
    throw new ConfigError(name, `must be an absolute device path such as /dev/ttyACM0, got "${value}"`);
  }
  return value;
}

/** An espeak-ng voice name such as en-us, es-419 or en-gb+f3. */
export function voice(source: Source, name: string, fallback: string): string {
  const value = text(source, name, fallback);
  if (!/^[A-Za-z0-9][\w+-]{0,40}$/.test(value)) {
    throw new ConfigError(name, `must be an espeak-ng voice such as ${fallback}, got "${value}"`);
  }
  return value;
}

/** A gain in whole decibels, 0 or below: `-6`. */
export function decibels(source: Source, name: string, fallback: number, min: number, max: number): number {
  const value = source[name];
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(name, `must be a whole number of decibels from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

/** One of a few words. */
export function oneOf<T extends string>(source: Source, name: string, values: readonly T[], fallback: T): T {
  const value = text(source, name, fallback);
  if (!(values as readonly string[]).includes(value)) {
    throw new ConfigError(name, `must be one of ${values.join(', ')}, got "${value}"`);
  }
  return value as T;
}

export function paperWidth(source: Source, name: string): 80 | 58 {
  const value = source[name];
  if (value === undefined || value === '' || value === '80') return 80;
  if (value === '58') return 58;
  throw new ConfigError(name, `must be 80 or 58 (paper width in mm), got "${value}"`);
}

export function originList(source: Source, name: string): string[] {
  return text(source, name, '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        throw new ConfigError(name, `must be a comma-separated list of http(s) origins, got "${origin}"`);
      }
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin.replace(/\/$/, '')) {
        throw new ConfigError(name, `must be a comma-separated list of http(s) origins, got "${origin}"`);
      }
      return url.origin;
    });
}

export function stripEmpty(env: Source): Source {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates of a PEM file (one or more), each checked by parsing it; throws when there is none or one is bad. */
export function readPemCertificates(path: string): string[] {
  const pem = readFileSync(path, 'utf8');
  const certificates = pem.match(PEM_CERTIFICATE) ?? [];
  if (certificates.length === 0) throw new Error('it holds no PEM certificate (-----BEGIN CERTIFICATE-----)');
  for (const certificate of certificates) new X509Certificate(certificate);
  return certificates;
}

/** A readable PEM file of one or more CA certificates; null when unset. */
export function caFile(source: Source, name: string): string | null {
  const value = source[name];
  if (value === undefined || value === '') return null;
  try {
    readPemCertificates(value);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(name, `must be a readable PEM file of CA certificates, "${value}" is not (${reason})`);
  }
  return value;
}

/**
 * An outbound HTTP proxy as curl and most tools read it: the lower-case name first, then the upper
 * case one (HTTPS_PROXY / https_proxy). An http(s) URL, or null when unset.
 */
export function proxyUrl(source: Source, name: string): string | null {
  const lower = source[name.toLowerCase()];
  const chosen = lower !== undefined && lower !== '' ? name.toLowerCase() : name;
  return optionalUrl(source, chosen);
}
