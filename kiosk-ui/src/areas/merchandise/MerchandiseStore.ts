import {
  type TerminalPaymentState,
  type TerminalReceipt,
  type MerchandiseItem,
  type MerchandiseReceipt,
  type MerchandiseSaleResult,
} from '@kiosk/shared-types';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { isCancelled } from '../../api/client';
import type { PayCardValues } from '../../forms/pay-card';
import {
  basketCents,
  basketLines,
  basketTotals,
  changedQuantity,
  saleForm,
  saleRefusal,
  soldOutIds,
  type BasketLine,
  type BasketTotals,
  type SaleRefusal,
} from './basket';
import { FAILED, IDLE, LOADING, ready, valueOr, type Loadable } from '../../models/loadable';
import { cardBrand, receiptTerminalPayment, terminalCard } from '../../shared/devices/receipts';
import { CardStep, type PayCard } from '../payment/CardStep';
import { failureLogger, type LogFailure } from '../../shared/failure-log';
import type { RootStore } from '../../stores/RootStore';

/**
 * Where the supplies screen is: the list with the basket, the card step (the swipe and the card
 * form, payment/CardStep.ts), the sale on its way, its answer.
 */
export type MerchandiseStage = 'list' | 'swipe' | 'card_form' | 'processing' | 'result';

/**
 * Boxes & Supplies (docs/merchandise.md): the facility's merchandise list, the basket, paying it by
 * card as Pay My Bill does (the payment step's swipe and card form, `cardStep`), and the operator's answer:
 * the sale with its receipt, or why not. A declined card keeps the basket; a sold-out item leaves
 * it and the rest stays. The card is held in a private field only while the sale call runs; the
 * receipt keeps its brand and last four digits. The session's end (reset) empties the basket.
 */
export class MerchandiseStore {
  /** The area's own screens; while the card step shows, its stage is the one on screen. */
  private ownStage: 'list' | 'processing' | 'result' = 'list';
  items: Loadable<MerchandiseItem[]> = IDLE;
  /** Item id -> how many are in the basket. */
  readonly quantities = observable.map<string, number>();
  /** The sale that went through (the result screen and the receipt). */
  sale: MerchandiseSaleResult | null = null;
  /** Why the last sale did not go through; null before one or after it went through. */
  refusal: SaleRefusal | null = null;
  /** Items the operator said are sold out, taken out of the basket (their names, for the message). */
  soldOutNames: string[] = [];
  /** The paid card as the receipt shows it. */
  paidCard: { brand: string; last4: string } | null = null;
  /** Paid on the terminal: what its receipt shows (EMV fields). */
  terminalReceipt: TerminalReceipt | null = null;
  /** The visitor chose the reader or typed entry over the terminal (the kiosk offers both). */
  cardChosen = false;

  /** The swipe and the card form (as Pay My Bill's): a swiped card's fields, bringing the form into view. */
  readonly cardStep = new CardStep();

  private card: PayCard | null = null;
  private loadGeneration = 0;
  private readonly log: LogFailure;

  constructor(readonly root: RootStore) {
    this.log = failureLogger(root.api, 'Merchandise', () => root.shell.section);
    makeAutoObservable<this, 'card' | 'loadGeneration' | 'log'>(
      this,
      { root: false, cardStep: false, card: false, loadGeneration: false, log: false, quantities: false },
      { autoBind: true },
    );
  }

  get stage(): MerchandiseStage {
    return this.cardStep.stage ?? this.ownStage;
  }

  /** One of the area's own screens (the card step is left). */
  private show(stage: 'list' | 'processing' | 'result'): void {
    this.cardStep.close();
    this.ownStage = stage;
  }

  // -- the list -----------------------------------------------------------------------------------------

  /** The facility's supplies (GET merchandise/ without a space type); once per visit. */
  async open(): Promise<void> {
    // Known before Pay is tapped, so the payment step shows at once.
    void this.root.payment.loadMethods();
    if (this.items.state === 'ready' || this.items.state === 'loading') return;
    await this.load();
  }

  async load(): Promise<void> {
    const generation = ++this.loadGeneration;
    const facility = this.root.shell.facilityId ?? this.root.config.facilityId ?? '';
    this.items = LOADING;
    try {
      const response = await this.root.api.call<MerchandiseItem[]>('merchandise', { facility });
      runInAction(() => {
        if (generation !== this.loadGeneration) return;
        this.items = response.status === 'ok' && Array.isArray(response.result) ? ready(response.result) : FAILED;
      });
      if (response.status !== 'ok') this.log('list', response.message ?? response.code);
    } catch (error) {
      if (isCancelled(error)) return;
      this.log('list', error);
      runInAction(() => {
        if (generation === this.loadGeneration) this.items = FAILED;
      });
    }
  }

  get list(): MerchandiseItem[] {
    return valueOr(this.items, []);
  }

  quantity(itemId: string): number {
    return this.quantities.get(itemId) ?? 0;
  }

  get lines(): BasketLine[] {
    return basketLines(this.list, this.quantities);
  }

  get totals(): BasketTotals {
    return basketTotals(this.lines);
  }

  add(itemId: string): void {
    this.setQuantity(itemId, changedQuantity(this.quantity(itemId), 1));
  }

  remove(itemId: string): void {
    this.setQuantity(itemId, changedQuantity(this.quantity(itemId), -1));
  }

  private setQuantity(itemId: string, quantity: number): void {
    if (quantity > 0) this.quantities.set(itemId, quantity);
    else this.quantities.delete(itemId);
    this.soldOutNames = [];
  }

  // -- paying -------------------------------------------------------------------------------------------

  /** Pay: the swipe screen, which checks the reader first (the basket must hold something). */
  checkout(): void {
    if (this.totals.count === 0) return;
    this.refusal = null;
    this.soldOutNames = [];
    this.cardStep.openSwipe();
  }

  /** The payment step offers the terminal (and the visitor has not chosen the card instead). */
  get paysOnTerminal(): boolean {
    return this.root.payment.terminalOffered && !(this.cardChosen && this.root.payment.cardOffered);
  }

  /** What the terminal charges: the basket's total, to the cent. */
  get terminalAmountCents(): number {
    return basketCents(this.lines);
  }

  /** 'Swipe or type a card instead' (the kiosk offers both). */
  useCardInstead(): void {
    this.cardChosen = true;
  }

  /** Back to the list with the basket as it is. */
  backToBasket(): void {
    this.refusal = null;
    this.show('list');
  }

  /** A declined card: another one, the basket unchanged. */
  useDifferentCard(): void {
    this.refusal = null;
    this.cardStep.openSwipe();
  }

  /**
   * The terminal approved the basket's total (and the daemon recorded it with the operator): the
   * sale is made with its transaction id, never with a card field.
   */
  async paidOnTerminal(payment: TerminalPaymentState & { receipt: TerminalReceipt }): Promise<void> {
    const lines = this.lines;
    if (lines.length === 0 || this.stage !== 'swipe') return;
    this.root.payment.markUsed(payment.transactionId);
    const form = saleForm({
      facilityId: this.root.shell.facilityId ?? this.root.config.facilityId ?? '',
      tenantId: this.root.ifLoaded('payBill')?.account?.tenant_id ?? null,
      lines,
      card: { terminalTransactionId: payment.transactionId },
    });
    this.show('processing');
    try {
      const response = await this.root.api.call<MerchandiseSaleResult>('processMerchandiseSales', {}, { form });
      runInAction(() => {
        if (response.status === 'ok') this.soldOnTerminal(response.result, payment.receipt);
        // Charged but not sold: the manager settles it (the payment is on record with the operator);
        // nothing here may charge the visitor again.
        else this.refused('charged', response.errors);
      });
    } catch (error) {
      if (isCancelled(error)) return;
      this.log('sale', error);
      runInAction(() => this.refused('charged', undefined));
    }
  }

  private soldOnTerminal(result: MerchandiseSaleResult, receipt: TerminalReceipt): void {
    this.sold(result, '');
    this.paidCard = terminalCard(receipt);
    this.terminalReceipt = receipt;
  }

  /** The validated card pays the basket (POST process-merchandise-sales/). */
  async submit(values: PayCardValues): Promise<void> {
    const lines = this.lines;
    if (lines.length === 0 || this.stage !== 'card_form') return;
    this.card = this.cardStep.submit(values);
    const digits = this.card.card_number;
    const form = saleForm({
      facilityId: this.root.shell.facilityId ?? this.root.config.facilityId ?? '',
      tenantId: this.root.ifLoaded('payBill')?.account?.tenant_id ?? null,
      lines,
      card: this.card,
    });
    this.show('processing');
    try {
      const response = await this.root.api.call<MerchandiseSaleResult>('processMerchandiseSales', {}, { form });
      runInAction(() => {
        if (response.status === 'ok') this.sold(response.result, digits);
        else this.refused(saleRefusal(response.code), response.errors);
      });
    } catch (error) {
      if (isCancelled(error)) return;
      this.log('sale', error);
      runInAction(() => this.refused('no_answer', undefined));
    } finally {
      this.card = null;
    }
  }

  private sold(result: MerchandiseSaleResult, digits: string): void {
    this.sale = result;
    this.terminalReceipt = null;
    this.paidCard = { brand: cardBrand(digits), last4: result.card_last4 || digits.slice(-4) };
    this.refusal = null;
    this.quantities.clear();
    this.show('result');
    this.root.screenHealth.journey('merchandise', 'succeeded');
  }

  private refused(refusal: SaleRefusal, errors: unknown): void {
    this.root.screenHealth.journey('merchandise', 'failed');
    if (refusal === 'sold_out') {
      const ids = soldOutIds(errors, this.quantities);
      this.soldOutNames = ids.map((id) => this.list.find((item) => item.item_id === id)?.name ?? id);
      for (const id of ids) this.quantities.delete(id);
      // Nothing named that the basket holds: the message still says something was sold out.
      this.refusal = ids.length > 0 ? null : 'failed';
      this.show(ids.length > 0 ? 'list' : 'result');
      return;
    }
    this.refusal = refusal;
    this.show('result');
  }

  /** After a purchase: a new basket. */
  buyMore(): void {
    this.sale = null;
    this.paidCard = null;
    this.terminalReceipt = null;
    this.refusal = null;
    this.show('list');
  }

  /** The receipt of the sale just made (the operator's figures); null when there is none. */
  get receipt(): Omit<MerchandiseReceipt, 'facility'> | null {
    const { sale, paidCard, terminalReceipt } = this;
    if (!sale || !paidCard) return null;
    return {
      kind: 'merchandise',
      sale_id: sale.sale_id,
      lines: sale.items.map((line) => ({ name: line.name, quantity: line.quantity, total: line.total })),
      subtotal: sale.subtotal,
      tax: sale.tax,
      total: sale.total,
      card_brand: paidCard.brand,
      card_last4: paidCard.last4,
      ...(terminalReceipt ? { terminal: receiptTerminalPayment(terminalReceipt) } : {}),
    };
  }

  /** The visit ended: the basket is emptied and nothing of the card or the sale is kept. */
  reset(): void {
    this.loadGeneration += 1;
    this.cardStep.close();
    this.card = null;
    this.quantities.clear();
    this.items = IDLE;
    this.sale = null;
    this.paidCard = null;
    this.terminalReceipt = null;
    this.cardChosen = false;
    this.refusal = null;
    this.soldOutNames = [];
    this.show('list');
  }
}
