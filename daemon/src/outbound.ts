import { rootCertificates } from 'node:tls';
import { EnvHttpProxyAgent, type Dispatcher } from 'undici';
import type { DaemonConfig } from './config.js';
import { readPemCertificates } from './config-values.js';

/**
 * The one place that builds a dispatcher for the daemon's outbound calls to the operator API and
 * the logging app (device links and the sandbox are local and use their own). Every such call:
 *
 * - trusts the system's CAs plus the private CA of KIOSK_UPSTREAM_CA_FILE, when set;
 * - goes through HTTPS_PROXY (https targets) or HTTP_PROXY (http targets) unless its host is in
 *   NO_PROXY, with undici's own EnvHttpProxyAgent (an https target is tunnelled with CONNECT; the
 *   certificate check is end to end). Loopback hosts never use the proxy: a proxy elsewhere cannot
 *   reach the kiosk PC's own 127.0.0.1;
 * - keeps the pool and timeout settings its caller gives.
 */

/** Pool and timeout settings of one kind of outbound call (undici Agent options). */
export interface OutboundPoolSettings {
  connections?: number;
  pipelining?: number;
  keepAliveTimeout?: number;
  keepAliveMaxTimeout?: number;
  connectTimeoutMs: number;
  headersTimeout?: number;
  bodyTimeout?: number;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

type OutboundConfig = Pick<DaemonConfig, 'upstreamCaFile' | 'httpProxyUrl' | 'httpsProxyUrl' | 'noProxy'>;

/** The CA list for outbound TLS: undefined (Node's default, the system's) without a private CA. */
export function outboundCa(config: Pick<DaemonConfig, 'upstreamCaFile'>): string[] | undefined {
  if (config.upstreamCaFile === null) return undefined;
  return [...rootCertificates, ...readPemCertificates(config.upstreamCaFile)];
}

/** NO_PROXY as undici reads it, with the loopback hosts always added. */
export function noProxyList(config: Pick<DaemonConfig, 'noProxy'>): string {
  return [config.noProxy, ...LOOPBACK_HOSTS].filter((entry) => entry.trim() !== '').join(',');
}

export function createOutboundDispatcher(config: OutboundConfig, settings: OutboundPoolSettings): Dispatcher {
  const { connectTimeoutMs, ...pool } = settings;
  const ca = outboundCa(config);
  const tls = { timeout: connectTimeoutMs, ...(ca === undefined ? {} : { ca }) };
  return new EnvHttpProxyAgent({
    ...pool,
    // Empty strings, not undefined: undefined would let undici read process.env itself, and the
    // configuration (config.ts) is the one reader of the environment.
    httpProxy: config.httpProxyUrl ?? '',
    httpsProxy: config.httpsProxyUrl ?? '',
    noProxy: noProxyList(config),
    // Direct connections, and the target's end of a tunnel through the proxy.
    connect: tls,
    requestTls: tls,
  } as ConstructorParameters<typeof EnvHttpProxyAgent>[0]);
}

/** The dispatcher bound to one origin: callers give only a path, like a Pool of that origin. */
export function forOrigin(dispatcher: Dispatcher, origin: string): Dispatcher {
  return dispatcher.compose((dispatch) => (options, handler) => dispatch({ ...options, origin }, handler));
}
