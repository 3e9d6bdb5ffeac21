import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { TLSSocket } from 'node:tls';
import { Gauge, type Registry } from 'prom-client';
import type { KioskMetrics } from './metrics.js';

/**
 * What the operator's answers say about the link besides their content (docs/fleet.md): why TLS
 * failed, when the server's certificate expires, and how far the PC clock is from the operator's.
 * Support reads them in /health/ready and the support bundle; Prometheus in the gauges below.
 */

/** The TLS verification failures support meets, with what each means for the kiosk. */
export const TLS_ERRORS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'the server certificate has expired',
  CERT_NOT_YET_VALID: 'the server certificate is not valid yet (is the kiosk clock right?)',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the server certificate is self-signed (trust it with KIOSK_UPSTREAM_CA_FILE)',
  SELF_SIGNED_CERT_IN_CHAIN:
    'the server certificate chain ends in an untrusted CA (a private CA: KIOSK_UPSTREAM_CA_FILE)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    'the server certificate is signed by a CA the kiosk does not trust (a private CA: KIOSK_UPSTREAM_CA_FILE), or the server sends an incomplete chain',
  UNABLE_TO_GET_ISSUER_CERT: 'the issuer of the server certificate is unknown (a private CA: KIOSK_UPSTREAM_CA_FILE)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    'the issuer of the server certificate is unknown (a private CA: KIOSK_UPSTREAM_CA_FILE)',
  CERT_REVOKED: 'the server certificate was revoked',
  CERT_UNTRUSTED: 'the server certificate is not trusted',
  CERT_SIGNATURE_FAILURE: 'the server certificate signature is invalid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the server certificate is for another host name than the configured URL',
};

/** The TLS failure code anywhere in an error's cause chain (undici wraps some), or undefined. */
export function tlsErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (code in TLS_ERRORS || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_')))
      return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface UpstreamHealthSnapshot {
  /** The TLS failure of the last failed call, until a call succeeds; null when none. */
  tls_error: string | null;
  tls_error_detail?: string;
  /** notAfter of the server certificate seen on the last new connection (https only). */
  certificate_expires_at: string | null;
  /** PC clock minus the operator's (from its Date header), seconds; null before the first answer. */
  clock_offset_seconds: number | null;
}

/** kiosk_upstream_certificate_expiry_timestamp_seconds{service}: one gauge per registry, shared by the operator API and the logging app. */
export function certificateExpiryGauge(registry: Registry): Gauge<'service'> {
  const name = 'kiosk_upstream_certificate_expiry_timestamp_seconds';
  return (
    (registry.getSingleMetric(name) as Gauge<'service'> | undefined) ??
    new Gauge({
      name,
      help: 'When the TLS certificate of an outbound service expires (epoch seconds, its notAfter); service is operator or logging',
      labelNames: ['service'],
      registers: [registry],
    })
  );
}

/**
 * Records the notAfter of the certificate the server at `origin` shows on each new TLS connection,
 * direct or tunnelled through a proxy, from undici's connection diagnostics channel.
 */
export class CertificateWatch {
  private expiresAt: number | null = null;
  private readonly onConnected: (message: unknown) => void;
  private readonly host: string;
  private readonly port: string;

  constructor(origin: string, service: 'operator' | 'logging', registry: Registry) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = url.port === '' ? '443' : url.port;
    const gauge = certificateExpiryGauge(registry);
    this.onConnected = (message) => {
      const { connectParams, socket } = message as {
        connectParams?: { hostname?: string; port?: string | number; protocol?: string };
        socket?: unknown;
      };
      if (connectParams?.protocol !== 'https:' || !(socket instanceof TLSSocket)) return;
      const port = connectParams.port === undefined || connectParams.port === '' ? '443' : String(connectParams.port);
      if (connectParams.hostname !== this.host || port !== this.port) return;
      const validTo = Date.parse(socket.getPeerCertificate().valid_to);
      if (Number.isNaN(validTo)) return;
      this.expiresAt = validTo;
      gauge.set({ service }, validTo / 1000);
    };
    if (url.protocol === 'https:') subscribe('undici:client:connected', this.onConnected);
  }

  expiry(): number | null {
    return this.expiresAt;
  }

  close(): void {
    unsubscribe('undici:client:connected', this.onConnected);
  }
}

export class UpstreamHealth {
  private tlsError: string | null = null;
  private clockOffset: number | null = null;
  private readonly certificate: CertificateWatch | null;
  private readonly clockGauge: Gauge;

  constructor(origin: string | null, metrics: Pick<KioskMetrics, 'registry'>) {
    // Declared on every kiosk (no sample without an https service), so rules can rely on its name.
    certificateExpiryGauge(metrics.registry);
    this.certificate = origin === null ? null : new CertificateWatch(origin, 'operator', metrics.registry);
    this.clockGauge = new Gauge({
      name: 'kiosk_clock_offset_seconds',
      help: "The kiosk PC clock minus the operator API's (its Date header, at the midpoint of the call); positive = the PC is ahead",
      registers: [metrics.registry],
    });
  }

  /**
   * An answer came: TLS works, and its Date header dates it. The header has whole seconds, so the
   * operator's time at the midpoint of the call is taken as the header plus half a second.
   */
  answered(date: string | string[] | undefined, sentAt: number, receivedAt: number): void {
    this.tlsError = null;
    const header = Array.isArray(date) ? date[0] : date;
    const operatorTime = header === undefined ? NaN : Date.parse(header);
    if (Number.isNaN(operatorTime)) return;
    const offset = ((sentAt + receivedAt) / 2 - (operatorTime + 500)) / 1000;
    this.clockOffset = Math.round(offset * 10) / 10;
    this.clockGauge.set(this.clockOffset);
  }

  /** A call failed: remember a TLS failure (a cut cable or a timeout leaves the last one). */
  failed(error: unknown): void {
    const code = tlsErrorCode(error);
    if (code !== undefined) this.tlsError = code;
  }

  snapshot(): UpstreamHealthSnapshot {
    const expiresAt = this.certificate?.expiry() ?? null;
    return {
      tls_error: this.tlsError,
      ...(this.tlsError === null ? {} : { tls_error_detail: TLS_ERRORS[this.tlsError] ?? 'TLS handshake failed' }),
      certificate_expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString(),
      clock_offset_seconds: this.clockOffset,
    };
  }

  close(): void {
    this.certificate?.close();
  }
}
