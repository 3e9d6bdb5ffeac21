import { describe, expect, it } from 'vitest';
import { AnswerError, lastFour, readPaymentResponse, readTransactionStatus } from './answers.js';

/** The terminal's answers as nexo writes them (Adyen's Terminal API), read into what the kiosk tells. */

const approval = {
  Response: {
    Result: 'Success',
    AdditionalResponse:
      'AID=A0000000031010&applicationLabel=VISA%20CREDIT&pspReference=8816560699168435&authCode=012345',
  },
  SaleData: { SaleTransactionID: { TransactionID: 'a1b2c3d4e5', TimeStamp: '2026-11-28T07:00:00.000Z' } },
  POIData: { POITransactionID: { TransactionID: 'oLkO001.8816560699168435', TimeStamp: '2026-11-28T07:00:03.000Z' } },
  PaymentResult: {
    PaymentInstrumentData: {
      PaymentInstrumentType: 'Card',
      CardData: { EntryMode: ['ICC'], MaskedPan: '411111 **** 1111', PaymentBrand: 'visa' },
    },
    PaymentAcquirerData: { AcquirerPOIID: 'V400m-346403161', MerchantID: 'Facility', ApprovalCode: '012345' },
  },
};

const failure = (ErrorCondition: string, AdditionalResponse = '') => ({
  Response: { Result: 'Failure', ErrorCondition, AdditionalResponse },
});

describe('a PaymentResponse', () => {
  it('reads an approval into the receipt fields, the masked PAN cut to its last four digits', () => {
    expect(readPaymentResponse(approval, false)).toEqual({
      kind: 'approved',
      receipt: {
        applicationLabel: 'VISA CREDIT',
        aid: 'A0000000031010',
        maskedPan: '•••• 1111',
        brand: 'visa',
        entryMode: 'chip',
        authCode: '012345',
        terminalId: 'V400m-346403161',
        reference: '8816560699168435',
        approvedAt: '2026-11-28T07:00:03.000Z',
      },
    });
  });

  it('keeps the card-on-file token apart from the receipt', () => {
    const withToken = {
      ...approval,
      Response: {
        ...approval.Response,
        AdditionalResponse: `${approval.Response.AdditionalResponse}&recurring.recurringDetailReference=RDR8315`,
      },
    };
    const reading = readPaymentResponse(withToken, false);
    expect(reading).toMatchObject({ kind: 'approved', token: 'RDR8315' });
    expect(JSON.stringify(reading.kind === 'approved' ? reading.receipt : {})).not.toContain('RDR8315');
  });

  it.each([
    ['Contactless', 'contactless'],
    ['Tapped', 'contactless'],
    ['MagStripe', 'swipe'],
    ['Mobile', 'wallet'],
  ])('reads the entry mode %s as %s', (nexo, entryMode) => {
    const answer = structuredClone(approval);
    answer.PaymentResult.PaymentInstrumentData.CardData.EntryMode = [nexo];
    expect(readPaymentResponse(answer, false)).toMatchObject({ receipt: { entryMode } });
  });

  it('refuses an approval without what a receipt needs, or with no digits to show', () => {
    const noLabel = structuredClone(approval);
    noLabel.Response.AdditionalResponse = 'pspReference=8816560699168435';
    expect(() => readPaymentResponse(noLabel, false)).toThrow(AnswerError);
    const unknownEntry = structuredClone(approval);
    unknownEntry.PaymentResult.PaymentInstrumentData.CardData.EntryMode = ['Telepathy'];
    expect(() => readPaymentResponse(unknownEntry, false)).toThrow(/entryMode/);
    expect(() => readPaymentResponse({}, false)).toThrow(AnswerError);
    expect(() => lastFour('**** ****')).toThrow(AnswerError);
  });

  it('reads a refusal as declined, a cancel on the terminal as cancelled, a removed card as its problem', () => {
    expect(readPaymentResponse(failure('Refusal', 'refusalReason=05%20%3A%20Not%20approved'), false)).toEqual({
      kind: 'declined',
      reason: '05 : Not approved',
    });
    expect(readPaymentResponse(failure('Cancel'), false)).toEqual({ kind: 'cancelled' });
    expect(readPaymentResponse(failure('Aborted', 'message=CARD_REMOVED'), false)).toMatchObject({
      kind: 'failed',
      problem: 'card-removed',
    });
    expect(readPaymentResponse(failure('UnreachableHost'), false)).toMatchObject({
      kind: 'failed',
      problem: 'offline',
    });
  });

  it('reads Aborted as the visitor’s cancel only when the kiosk sent the Abort for the visitor', () => {
    expect(readPaymentResponse(failure('Aborted'), true)).toEqual({ kind: 'cancelled' });
    expect(readPaymentResponse(failure('Aborted'), false)).toMatchObject({ kind: 'failed', problem: 'bad-answer' });
  });
});

describe('a TransactionStatusResponse', () => {
  it('repeats the payment it found, says in progress or not found, and refuses anything else', () => {
    const found = {
      Response: { Result: 'Success' },
      RepeatedMessageResponse: { RepeatedResponseMessageBody: { PaymentResponse: approval } },
    };
    expect(readTransactionStatus(found, false)).toMatchObject({ kind: 'found', payment: { kind: 'approved' } });
    expect(readTransactionStatus(failure('InProgress'), false)).toEqual({ kind: 'in-progress' });
    expect(readTransactionStatus(failure('NotFound'), false)).toEqual({ kind: 'not-found' });
    expect(() => readTransactionStatus({ Response: { Result: 'Success' } }, false)).toThrow(AnswerError);
    expect(() => readTransactionStatus(failure('MessageFormat'), false)).toThrow(AnswerError);
  });
});
