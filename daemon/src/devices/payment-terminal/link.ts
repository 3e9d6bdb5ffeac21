import type { PeerCertificate } from 'node:tls';
import adyen from '@adyen/api-library';
import adyenServerIdentity from '@adyen/api-library/lib/src/helpers/checkServerIdentity.js';
import type {
  SecurityKey,
  TerminalApiRequest,
  TerminalApiResponse,
} from '@adyen/api-library/lib/src/typings/terminal/models.js';
import { Agent, request } from 'undici';

/**
 * The way to the payment terminal: nexo SaleToPOI messages as Adyen's local Terminal API defines
 * them (docs/payment-terminal.md, "Messages"), encrypted with the terminal's shared key and sent
 * over HTTPS to the terminal on the facility LAN. The messages, their JSON form and their
 * encryption are the library's (TerminalLocalAPI, ObjectSerializer, NexoCrypto); only the HTTP
 * transport is ours, because the library's own client fixes the port at 8443, cannot bound one
 * call's time apart from another's, and trusts a CA file only through a process-wide agent.
 */

const terminal = adyen.Types.terminal;
type IdentityCheck = (host: string, cert: PeerCertificate) => Error | undefined;
// The helper is CommonJS with a default export: Node's ESM loader and bundlers unwrap it differently.
const identityModule = adyenServerIdentity as unknown as IdentityCheck | { default: IdentityCheck };
const checkAdyenServerIdentity: IdentityCheck =
  typeof identityModule === 'function' ? identityModule : identityModule.default;

/** Why a call reached no usable answer; `sent` says whether the terminal may have received it. */
export type LinkProblem =
  'offline' | 'no-answer' | 'certificate' | 'bad-answer' | 'foreign-terminal' | 'unknown-transaction';

export class LinkError extends Error {
  constructor(
    readonly problem: LinkProblem,
    message: string,
    /** The request may have reached the terminal (a payment may have been taken). */
    readonly maybeReceived: boolean,
  ) {
    super(message);
    this.name = 'LinkError';
  }
}

export interface LinkOptions {
  url: string;
  poiId: string;
  /** The PEM of the CA the terminal's certificate must chain to. */
  ca: string;
  key: { identifier: string; version: number; passphrase: string };
  /** The kiosk's SaleID in every message header. */
  saleId: string;
}

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|Couldn't verify certificate|altname|HOSTNAME_MISMATCH/i;
const REFUSED_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Every cause in an error's chain (undici wraps the socket's error). */
function causes(error: unknown): Array<Error & { code?: string }> {
  const found: Array<Error & { code?: string }> = [];
  let current: unknown = error;
  while (current instanceof Error && found.length < 5) {
    found.push(current as Error & { code?: string });
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

/** What a failed HTTP exchange means, and whether the terminal may have had the request. */
export function transportProblem(error: unknown, bodySent: boolean): LinkError {
  const chain = causes(error);
  const text = chain.map((cause) => `${cause.code ?? ''} ${cause.message}`).join(' ');
  if (TLS_CODES.test(text)) return new LinkError('certificate', `terminal certificate refused: ${text.trim()}`, false);
  if (chain.some((cause) => REFUSED_CODES.has(cause.code ?? '')))
    return new LinkError('offline', `terminal not reachable: ${text.trim()}`, false);
  if (chain.some((cause) => /Timeout/i.test(cause.name) || /TIMEOUT/.test(cause.code ?? '')))
    return new LinkError('no-answer', 'terminal did not answer in time', bodySent);
  return new LinkError('offline', `terminal connection lost: ${text.trim()}`, bodySent);
}

/**
 * The terminal's certificate: chained to the configured CA (checked by TLS), and issued to a
 * terminal as Adyen names them (`<model>-<serial>.<test|live>.terminal.adyen.com`, the library's
 * own check), and to this terminal: a certificate of another terminal of the same CA is refused.
 */
export function checkTerminalCertificate(poiId: string, host: string, cert: PeerCertificate): Error | undefined {
  const adyenCheck = checkAdyenServerIdentity(host, cert);
  if (adyenCheck) return adyenCheck;
  const cn = String(cert.subject?.CN ?? '');
  if (!cn.startsWith(`${poiId}.`) && !cn.startsWith('legacy-terminal-certificate.'))
    return new Error(`Couldn't verify certificate: issued to ${cn}, not terminal ${poiId}`);
  return undefined;
}

export class TerminalLink {
  private readonly dispatcher: Agent;
  private readonly securityKey: SecurityKey;

  constructor(private readonly options: LinkOptions) {
    this.dispatcher = new Agent({
      connect: {
        ca: options.ca,
        rejectUnauthorized: true,
        checkServerIdentity: (host, cert) => checkTerminalCertificate(options.poiId, host, cert),
      },
      // One exchange per connection: a payment holds its connection for minutes.
      pipelining: 0,
    });
    this.securityKey = {
      KeyIdentifier: options.key.identifier,
      KeyVersion: options.key.version,
      AdyenCryptoVersion: 1,
      Passphrase: options.key.passphrase,
    } as SecurityKey;
  }

  get poiId(): string {
    return this.options.poiId;
  }

  get saleId(): string {
    return this.options.saleId;
  }

  /**
   * Send one message and read its answer (undefined for an Abort, which the terminal answers
   * with no body). The answer's header must name this terminal and the request's service id.
   */
  async send(
    message: Omit<TerminalApiRequest['SaleToPOIRequest'], 'MessageHeader'> & {
      header: { category: string; serviceId: string };
    },
    timeoutMs: number,
  ): Promise<TerminalApiResponse['SaleToPOIResponse'] | undefined> {
    const { header, ...body } = message;
    const terminalApiRequest = {
      SaleToPOIRequest: {
        MessageHeader: {
          ProtocolVersion: '3.0',
          MessageClass: 'Service',
          MessageCategory: header.category,
          MessageType: 'Request',
          SaleID: this.options.saleId,
          ServiceID: header.serviceId,
          POIID: this.options.poiId,
        },
        ...body,
      },
    } as unknown as TerminalApiRequest;
    const api = new adyen.TerminalLocalAPI(
      new adyen.Client(
        new adyen.Config({ terminalApiLocalEndpoint: this.options.url, environment: adyen.EnvironmentEnum.TEST }),
        this.httpClient(timeoutMs),
      ),
    );
    let answer: TerminalApiResponse;
    try {
      answer = await api.request(terminalApiRequest, this.securityKey);
    } catch (error) {
      if (error instanceof LinkError) throw error;
      // The library could not decrypt or read what came back (a wrong key, a broken HMAC, not nexo).
      throw new LinkError('bad-answer', `terminal answer not readable: ${(error as Error).message}`, true);
    }
    const response = answer?.SaleToPOIResponse;
    if (response === undefined) {
      if (header.category === 'Abort') return undefined;
      throw new LinkError('bad-answer', 'terminal answer has no SaleToPOIResponse', true);
    }
    const answered = response.MessageHeader;
    if (answered?.POIID !== this.options.poiId)
      throw new LinkError('foreign-terminal', `answer from terminal ${String(answered?.POIID)}`, true);
    if (answered.ServiceID !== header.serviceId || String(answered.MessageCategory) !== header.category)
      throw new LinkError(
        'unknown-transaction',
        `terminal answered about another request (${String(answered.ServiceID)})`,
        true,
      );
    return response;
  }

  /** The same trust for the simulator's control call (sandbox only). */
  dispatcherForControl(): Agent {
    return this.dispatcher;
  }

  /** Stop at once: a payment still waiting is the terminal's to finish, and the journal's to ask about. */
  close(): Promise<void> {
    return this.dispatcher.destroy();
  }

  /** The library's HTTP client interface, over undici, to the configured URL. */
  private httpClient(timeoutMs: number) {
    const { url } = this.options;
    const dispatcher = this.dispatcher;
    return {
      async request(_endpoint: string, json: string | Buffer): Promise<string> {
        let bodySent = false;
        let text: string;
        let statusCode: number;
        try {
          const answer = await request(url, {
            method: 'POST',
            dispatcher,
            body: json,
            headers: { 'content-type': 'application/json' },
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          });
          bodySent = true;
          statusCode = answer.statusCode;
          text = await answer.body.text();
        } catch (error) {
          // undici reports the body as sent only through the exchange: a timeout means it was.
          throw transportProblem(error, bodySent || !(error instanceof Error && /connect/i.test(error.message)));
        }
        if (statusCode !== 200) throw new LinkError('bad-answer', `terminal answered HTTP ${statusCode}`, true);
        if (text.trim() === '' || text.trim() === 'ok') return '';
        try {
          JSON.parse(text);
        } catch {
          throw new LinkError('bad-answer', 'terminal answer is not JSON', true);
        }
        return text;
      },
    };
  }
}

export { terminal as nexo };
