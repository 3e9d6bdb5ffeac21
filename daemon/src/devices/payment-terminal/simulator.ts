import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import adyen from '@adyen/api-library';
import type { SecurityKey } from '@adyen/api-library/lib/src/typings/terminal/models.js';
import type { TerminalEntryMode } from '@kiosk/shared-types';
import { generate } from 'selfsigned';
import type { DeviceSimulator } from '../device.js';

/**
 * A payment terminal on 127.0.0.1 for the sandbox and the tests (docs/payment-terminal.md,
 * "Simulator"): an HTTPS server with a certificate made at start for its POIID, speaking the same
 * encrypted nexo messages as the terminal through the same library (NexoCrypto, ObjectSerializer).
 * It keeps its own record of transactions, so TransactionStatus answers truly, and counts charges.
 * A payment it received is completed whether or not the kiosk is still there to read the answer,
 * as a real terminal completes a payment the kiosk sent just before it was killed. It reads test
 * card numbers, and answers only their masked form, as a terminal does.
 */

export const TERMINAL_OUTCOMES = [
  'approved',
  'declined',
  'cancelled-on-terminal',
  'no-answer',
  'offline',
  'card-removed',
  'garbage',
  'foreign-terminal',
] as const;
export type TerminalOutcome = (typeof TERMINAL_OUTCOMES)[number];
export const SIMULATED_ENTRY_MODES = ['chip', 'contactless', 'swipe', 'wallet'] as const;
export type SimulatedEntryMode = (typeof SIMULATED_ENTRY_MODES)[number];

/** The test cards behind each entry mode (never sent: the answer carries the masked form). */
const CARDS: Record<SimulatedEntryMode, { pan: string; brand: string; label: string; aid: string; nexo: string }> = {
  chip: { pan: '4111111111111111', brand: 'visa', label: 'VISA CREDIT', aid: 'A0000000031010', nexo: 'ICC' },
  contactless: {
    pan: '5555555555554444',
    brand: 'mc',
    label: 'MASTERCARD',
    aid: 'A0000000041010',
    nexo: 'Contactless',
  },
  swipe: { pan: '378282246310005', brand: 'amex', label: 'AMERICAN EXPRESS', aid: 'A00000002501', nexo: 'MagStripe' },
  wallet: { pan: '4000056655665556', brand: 'visa', label: 'VISA DEBIT', aid: 'A0000000031010', nexo: 'Mobile' },
};
export const SIMULATOR_TEST_CARD_NUMBERS = Object.values(CARDS).map((card) => card.pan);

export interface SimulatedTransaction {
  transactionId: string;
  saleId: string;
  amountCents: number;
  state: 'in-progress' | 'approved' | 'declined' | 'cancelled' | 'aborted' | 'card-removed';
  /** The payment's answer, repeated by TransactionStatus once it is final. */
  answer?: Record<string, unknown>;
}

export interface TerminalSimulatorOptions {
  poiId: string;
  key: { identifier: string; version: number; passphrase: string };
  /** How long the visitor takes at the terminal before the outcome (an Abort in that time cancels). */
  cardTimeMs?: number;
  port?: number;
}

export interface RunningTerminalSimulator {
  url: string;
  /** The PEM file of the simulator's certificate, its own CA (KIOSK_PAYMENT_TERMINAL_CA). */
  caFile: string;
  ca: string;
  /** The next payment's outcome (then back to approved by chip). */
  setNext(outcome: TerminalOutcome, entryMode?: SimulatedEntryMode): void;
  /** Payments approved (charged), one per transaction id. */
  charges(): Array<{ transactionId: string; amountCents: number }>;
  transactions(): SimulatedTransaction[];
  /** Tests: the next payment's answer names another transaction (a terminal confused about what it answers). */
  answerNextForAnotherTransaction(): void;
  /** The Payment requests received, by transaction id (a second one for an id is a kiosk bug). */
  paymentRequests(): string[];
  close(): Promise<void>;
}

/** Dollars as nexo amounts are written, to cents. */
const toCents = (amount: unknown): number => Math.round(Number(amount) * 100);

export async function startTerminalSimulator(options: TerminalSimulatorOptions): Promise<RunningTerminalSimulator> {
  const { poiId } = options;
  const cardTimeMs = options.cardTimeMs ?? 1500;
  const securityKey = {
    KeyIdentifier: options.key.identifier,
    KeyVersion: options.key.version,
    AdyenCryptoVersion: 1,
    Passphrase: options.key.passphrase,
  } as SecurityKey;
  const pems = await generate([{ name: 'commonName', value: `${poiId}.test.terminal.adyen.com` }], {
    keyType: 'ec',
    curve: 'P-256',
    notAfterDate: new Date(Date.now() + 365 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-terminal-simulator-'));
  const caFile = join(dir, 'terminal-ca.pem');
  writeFileSync(caFile, pems.cert);

  let next: { outcome: TerminalOutcome; entryMode: SimulatedEntryMode } = { outcome: 'approved', entryMode: 'chip' };
  let anotherTransaction = false;
  const transactions = new Map<string, SimulatedTransaction>();
  const waiting = new Map<string, (state: SimulatedTransaction['state']) => void>();
  const paymentRequests: string[] = [];
  const crypto = new adyen.NexoCrypto();
  const serializer = adyen.Types.terminal.ObjectSerializer;

  function secured(header: Record<string, unknown>, body: Record<string, unknown>): string {
    const message = { SaleToPOIResponse: { MessageHeader: header, ...body } };
    const json = JSON.stringify(serializer.serialize(message, 'TerminalApiResponse'));
    return JSON.stringify({ SaleToPOIResponse: adyen.NexoCrypto.encrypt(header as never, json, securityKey) });
  }

  function paymentAnswer(
    transaction: SimulatedTransaction,
    entryMode: SimulatedEntryMode,
    timeStamp: string,
    recurring: boolean,
  ): Record<string, unknown> {
    const card = CARDS[entryMode];
    const masked = `${card.pan.slice(0, 6)} **** ${card.pan.slice(-4)}`;
    const psp = `88${randomBytes(7).toString('hex').replace(/\D/g, '').padEnd(14, '7').slice(0, 14)}`;
    const poiTransaction = { TransactionID: `sim${randomBytes(4).toString('hex')}.${psp}`, TimeStamp: timeStamp };
    const saleData = { SaleTransactionID: { TransactionID: transaction.transactionId, TimeStamp: timeStamp } };
    const amount = transaction.amountCents / 100;
    if (transaction.state === 'approved') {
      const additional = new URLSearchParams({
        AID: card.aid,
        applicationLabel: card.label,
        pspReference: psp,
        authCode: String(100000 + Math.floor(Math.random() * 899999)),
        ...(recurring
          ? {
              'recurring.recurringDetailReference': `RDR${randomBytes(6).toString('hex').toUpperCase()}`,
              'recurring.shopperReference': transaction.transactionId,
            }
          : {}),
      });
      return {
        Response: { Result: 'Success', AdditionalResponse: additional.toString() },
        SaleData: saleData,
        POIData: { POITransactionID: poiTransaction },
        PaymentResult: {
          PaymentInstrumentData: {
            PaymentInstrumentType: entryMode === 'wallet' ? 'Mobile' : 'Card',
            CardData: { EntryMode: [card.nexo], MaskedPan: masked, PaymentBrand: card.brand },
          },
          AmountsResp: { AuthorizedAmount: amount, Currency: 'USD' },
          PaymentAcquirerData: {
            AcquirerPOIID: poiId,
            MerchantID: 'KioskSimulator',
            ApprovalCode: additional.get('authCode'),
          },
        },
      };
    }
    const failure: Record<SimulatedTransaction['state'], [string, string]> = {
      declined: ['Refusal', 'refusalReason=05 : Not approved'],
      cancelled: ['Cancel', 'message=Cancelled on the terminal'],
      aborted: ['Aborted', 'message=Aborted by the sale system'],
      'card-removed': ['Aborted', 'message=CARD_REMOVED'],
      'in-progress': ['InProgress', ''],
      approved: ['', ''],
    };
    const [condition, additional] = failure[transaction.state];
    return {
      Response: { Result: 'Failure', ErrorCondition: condition, AdditionalResponse: additional },
      SaleData: saleData,
      POIData: { POITransactionID: poiTransaction },
    };
  }

  async function handlePayment(
    header: Record<string, string>,
    request: Record<string, unknown>,
    res: ServerResponse,
  ): Promise<void> {
    const serviceId = header.ServiceID!;
    const payment = request.PaymentRequest as {
      SaleData?: { SaleTransactionID?: { TransactionID?: string; TimeStamp?: string }; SaleToAcquirerData?: string };
      PaymentTransaction?: { AmountsReq?: { RequestedAmount?: number } };
    };
    const transactionId = payment.SaleData?.SaleTransactionID?.TransactionID ?? serviceId;
    const { outcome, entryMode } = next;
    next = { outcome: 'approved', entryMode: 'chip' };
    paymentRequests.push(transactionId);
    if (outcome === 'offline') {
      res.socket?.destroy();
      return;
    }
    const transaction: SimulatedTransaction = {
      transactionId,
      saleId: header.SaleID!,
      amountCents: toCents(payment.PaymentTransaction?.AmountsReq?.RequestedAmount),
      state: 'in-progress',
    };
    transactions.set(transactionId, transaction);
    // The visitor at the terminal: the outcome comes after the card time, unless the kiosk aborts.
    const aborted = await new Promise<boolean>((resolve) => {
      waiting.set(serviceId, () => resolve(true));
      if (outcome !== 'no-answer') setTimeout(() => resolve(false), cardTimeMs).unref();
    });
    waiting.delete(serviceId);
    transaction.state = aborted
      ? 'aborted'
      : (
          {
            approved: 'approved',
            declined: 'declined',
            'cancelled-on-terminal': 'cancelled',
            'card-removed': 'card-removed',
            garbage: 'declined',
            'foreign-terminal': 'declined',
          } as const
        )[outcome as Exclude<TerminalOutcome, 'offline' | 'no-answer'>];
    const recurring = /recurringProcessingModel=/.test(String(payment.SaleData?.SaleToAcquirerData ?? ''));
    const timeStamp = new Date().toISOString();
    // A garbage answer and an answer from another terminal charge nothing: the transaction is
    // forgotten, and TransactionStatus says it is not found.
    if (outcome === 'garbage' || outcome === 'foreign-terminal') transactions.delete(transactionId);
    else transaction.answer = paymentAnswer(transaction, entryMode, timeStamp, recurring);
    if (outcome === 'no-answer' && !aborted) return;
    if (res.destroyed) return;
    if (outcome === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"SaleToPOIResponse": "%%%% not nexo');
      return;
    }
    const answerHeader = {
      ...header,
      MessageType: 'Response',
      POIID: outcome === 'foreign-terminal' ? 'V400m-999999999' : poiId,
      ...(anotherTransaction ? { ServiceID: 'f0f0f0f0f0' } : {}),
    };
    anotherTransaction = false;
    const body =
      transaction.answer ?? paymentAnswer({ ...transaction, state: 'declined' }, entryMode, timeStamp, false);
    res.writeHead(200, { 'content-type': 'application/json' }).end(secured(answerHeader, { PaymentResponse: body }));
  }

  function handleStatus(header: Record<string, string>, request: Record<string, unknown>, res: ServerResponse): void {
    const reference = (
      request.TransactionStatusRequest as { MessageReference?: { ServiceID?: string; SaleID?: string } }
    )?.MessageReference;
    const transaction = reference?.ServiceID === undefined ? undefined : transactions.get(reference.ServiceID);
    const answerHeader = { ...header, MessageType: 'Response', POIID: poiId };
    let body: Record<string, unknown>;
    if (transaction === undefined || transaction.saleId !== reference?.SaleID) {
      body = { Response: { Result: 'Failure', ErrorCondition: 'NotFound' } };
    } else if (transaction.state === 'in-progress') {
      body = { Response: { Result: 'Failure', ErrorCondition: 'InProgress' } };
    } else {
      body = {
        Response: { Result: 'Success' },
        MessageReference: {
          MessageCategory: 'Payment',
          ServiceID: transaction.transactionId,
          SaleID: transaction.saleId,
        },
        RepeatedMessageResponse: {
          MessageHeader: { ...answerHeader, MessageCategory: 'Payment', ServiceID: transaction.transactionId },
          RepeatedResponseMessageBody: { PaymentResponse: transaction.answer },
        },
      };
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(secured(answerHeader, { TransactionStatusResponse: body }));
  }

  function handleControl(req: IncomingMessage, body: string, res: ServerResponse): void {
    if (req.method === 'POST' && req.url === '/__simulator/next') {
      let wanted: { outcome?: unknown; entryMode?: unknown };
      try {
        wanted = JSON.parse(body) as typeof wanted;
      } catch {
        wanted = {};
      }
      const outcome = TERMINAL_OUTCOMES.find((candidate) => candidate === wanted.outcome);
      const entryMode = SIMULATED_ENTRY_MODES.find((candidate) => candidate === (wanted.entryMode ?? 'chip'));
      if (outcome === undefined || entryMode === undefined) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'unknown outcome' }));
        return;
      }
      next = { outcome, entryMode };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ next }));
      return;
    }
    res.writeHead(404).end();
  }

  const server: Server = createServer({ cert: pems.cert, key: pems.private }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.url?.startsWith('/__simulator/')) return handleControl(req, body, res);
      let header: Record<string, string>;
      let request: Record<string, unknown>;
      try {
        const secured = JSON.parse(body) as { SaleToPOIRequest: never };
        const clear = JSON.parse(crypto.decrypt(secured.SaleToPOIRequest, securityKey)) as {
          SaleToPOIRequest: Record<string, unknown> & { MessageHeader: Record<string, string> };
        };
        header = clear.SaleToPOIRequest.MessageHeader;
        request = clear.SaleToPOIRequest;
      } catch {
        // A terminal drops what it cannot decrypt (a wrong key): no answer the kiosk could read.
        res.writeHead(400).end();
        return;
      }
      switch (header.MessageCategory) {
        case 'Payment':
          void handlePayment(header, request, res);
          return;
        case 'Abort': {
          const reference = (request.AbortRequest as { MessageReference?: { ServiceID?: string } })?.MessageReference;
          const stop = reference?.ServiceID === undefined ? undefined : waiting.get(reference.ServiceID);
          stop?.('aborted');
          res.writeHead(200).end();
          return;
        }
        case 'TransactionStatus':
          handleStatus(header, request, res);
          return;
        case 'Diagnosis': {
          const answerHeader = { ...header, MessageType: 'Response', POIID: poiId };
          const diagnosis = {
            Response: { Result: 'Success' },
            POIStatus: { GlobalStatus: 'OK', CommunicationOKFlag: true, CardReaderOKFlag: true },
          };
          res.writeHead(200).end(secured(answerHeader, { DiagnosisResponse: diagnosis }));
          return;
        }
        default:
          res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}/nexo`,
    caFile,
    ca: pems.cert,
    setNext(outcome, entryMode = 'chip') {
      next = { outcome, entryMode };
    },
    answerNextForAnotherTransaction() {
      anotherTransaction = true;
    },
    charges: () =>
      [...transactions.values()]
        .filter((transaction) => transaction.state === 'approved')
        .map(({ transactionId, amountCents }) => ({ transactionId, amountCents })),
    transactions: () => [...transactions.values()],
    paymentRequests: () => [...paymentRequests],
    close: () =>
      new Promise<void>((resolve) => {
        for (const stop of waiting.values()) stop('aborted');
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** main.ts starts it in sandbox mode with a terminal asked for and no terminal address given. */
export const paymentTerminalSimulator: DeviceSimulator = {
  wanted: (config) => config.simulatePaymentTerminal,
  async start(config) {
    const simulator = await startTerminalSimulator({
      poiId: config.payment.terminalPoiId,
      key: config.payment.terminalKey,
    });
    config.payment.terminalUrl = simulator.url;
    config.payment.terminalCaFile = simulator.caFile;
    return {
      ready: `Payment terminal simulator: ${simulator.url}`,
      close: () => simulator.close(),
    };
  },
};

export type { TerminalEntryMode };
