#!/usr/bin/env node
// npm run browser-policy -- --url <kiosk URL> [--content-origin <origin>]...
//
// Prints the kiosk browser's Chromium managed policy (JSON) for this kiosk: only the daemon's
// origin, the operator's content origins and about:blank may load; everything a visitor could use
// to leave the kiosk, keep data in the profile or reach the PC is switched off. On a kiosk,
// `storage-kiosk browser-policy` writes it to /etc/chromium/policies/managed/storage-kiosk.json
// (the Debian package ships this file, standalone: node built-ins only). Why each setting is there:
// docs/kiosk-browser.md.
import { pathToFileURL } from 'node:url';

const USAGE = 'usage: npm run browser-policy -- --url <kiosk URL> [--content-origin <origin>]...';

export class PolicyInputError extends Error {}

/**
 * A URLAllowlist entry for one origin. Chromium's filter format is
 * `[scheme://][.]host[:port][/path]`: a filter with a port matches that port only, and the leading
 * dot stops subdomains from matching, so `http://.127.0.0.1:8080` admits the kiosk daemon and not
 * the support listener on another port of the same host.
 */
export function originFilter(value, what) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new PolicyInputError(`${what} is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PolicyInputError(`${what} must be http:// or https://: ${value}`);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  // An IP literal has no subdomains (and Chromium takes no dot before one).
  const literal = /^[\d.]+$/.test(url.hostname) || url.hostname.startsWith('[');
  return `${url.protocol}//${literal ? '' : '.'}${url.hostname}:${port}`;
}

/** The managed policy for a kiosk at `url` that shows operator content from `contentOrigins`. */
export function kioskBrowserPolicy({ url, contentOrigins = [] }) {
  const allowed = [
    originFilter(url, '--url'),
    ...contentOrigins.map((origin) => originFilter(origin, '--content-origin')),
  ];
  return {
    URLBlocklist: ['*', 'file://*', 'chrome://*', 'view-source:*'],
    URLAllowlist: [...new Set(allowed), 'about:blank'],

    PasswordManagerEnabled: false,
    PasswordLeakDetectionEnabled: false,
    AutofillAddressEnabled: false,
    AutofillCreditCardEnabled: false,
    PaymentMethodQueryEnabled: false,
    SavingBrowserHistoryDisabled: true,
    ClearBrowsingDataOnExitList: [
      'browsing_history',
      'download_history',
      'cookies_and_other_site_data',
      'cached_images_and_files',
      'password_signin',
      'autofill',
      'site_settings',
      'hosted_app_data',
    ],

    DownloadRestrictions: 3,
    AllowFileSelectionDialogs: false,
    PrintingEnabled: false,
    DeveloperToolsAvailability: 2,
    ExtensionInstallBlocklist: ['*'],
    TaskManagerEndProcessEnabled: false,

    BrowserSignin: 0,
    SyncDisabled: true,
    BrowserGuestModeEnabled: false,
    BrowserAddPersonEnabled: false,
    IncognitoModeAvailability: 1,

    TranslateEnabled: false,
    SpellcheckEnabled: false,
    SpellCheckServiceEnabled: false,
    SearchSuggestEnabled: false,
    DefaultSearchProviderEnabled: false,
    AlternateErrorPagesEnabled: false,
    NetworkPredictionOptions: 2,
    MetricsReportingEnabled: false,

    DefaultPopupsSetting: 2,
    DefaultNotificationsSetting: 2,
    DefaultGeolocationSetting: 2,
    DefaultWebUsbGuardSetting: 2,
    DefaultSerialGuardSetting: 2,
    DefaultWebBluetoothGuardSetting: 2,
    DefaultWebHidGuardSetting: 2,
    DefaultFileSystemWriteGuardSetting: 2,
    AudioCaptureAllowed: false,
    VideoCaptureAllowed: false,
    ScreenCaptureAllowed: false,
  };
}

/** `['--url', u, '--content-origin', a, '--content-origin', b]` -> { url, contentOrigins }. */
export function parseArguments(argv) {
  const contentOrigins = [];
  let url;
  for (let index = 0; index < argv.length; index += 1) {
    const name = argv[index];
    const value = argv[index + 1];
    if (name !== '--url' && name !== '--content-origin') throw new PolicyInputError(`unknown option ${name}\n${USAGE}`);
    if (value === undefined || value.startsWith('--')) throw new PolicyInputError(`${name} needs a value\n${USAGE}`);
    index += 1;
    if (name === '--url') url = value;
    // KIOSK_CONTENT_ORIGINS is comma-separated; accept it as one value too.
    else
      contentOrigins.push(
        ...value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      );
  }
  if (url === undefined) throw new PolicyInputError(`--url is required\n${USAGE}`);
  return { url, contentOrigins };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.stdout.write(`${JSON.stringify(kioskBrowserPolicy(parseArguments(process.argv.slice(2))), null, 2)}\n`);
  } catch (error) {
    if (!(error instanceof PolicyInputError)) throw error;
    process.stderr.write(`browser-policy: ${error.message}\n`);
    process.exitCode = 2;
  }
}
