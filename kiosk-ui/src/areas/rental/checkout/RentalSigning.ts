import type {
  AgreementDocument,
  DynamicTokens,
  GenerateAgreementsResult,
  GenerateTokensResult,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { documentsForm } from './payload';
import type { DynamicSection, DynamicValues } from '../forms/dynamic-fields';
import { FAILED, IDLE, LOADING, ready, valueOr, type Loadable } from '../../../models/loadable';
import { SigningWatch } from '../../../shared/signing/signing-watch';
import type { LogFailure } from '../../../shared/failure-log';
import type { RootStore } from '../../../stores/RootStore';

/**
 * The rental's documents (rental spec §2 panda_fields and panda_agreements, §4 "Signing"): the
 * additional-information sections from the tokens call, then the agreements generated from the
 * model, signed one by one in the signing frame (signing/signing-watch.ts: only the registered
 * frame's completion counts). After the last one the rental runs.
 */
export class RentalSigning {
  tokens: Loadable<DynamicTokens> = IDLE;
  documents: Loadable<AgreementDocument[]> = IDLE;

  private readonly watch: SigningWatch;

  constructor(
    private readonly root: RootStore,
    private readonly log: LogFailure,
  ) {
    this.watch = new SigningWatch(
      () => this.currentAgreement,
      (key) => this.completeAgreement(key),
    );
    makeAutoObservable<this, 'root' | 'log' | 'watch'>(
      this,
      { root: false, log: false, watch: false },
      { autoBind: true },
    );
  }

  private get facilityId(): string | null {
    return this.root.config.facilityId;
  }

  get sections(): DynamicSection[] {
    return (valueOr(this.tokens, null)?.sections ?? []) as DynamicSection[];
  }

  get agreements(): AgreementDocument[] {
    return valueOr(this.documents, []);
  }

  /** The document on screen: the first one not signed yet. */
  get currentAgreement(): AgreementDocument | null {
    return this.agreements.find((doc) => !doc.completed) ?? null;
  }

  get allSigned(): boolean {
    return this.agreements.length > 0 && this.agreements.every((doc) => doc.completed);
  }

  // -- ADDITIONAL INFORMATION (panda_fields) ------------------------------------------------------

  /** POST pandadocs/generate-tokens/ with the model (flow rental): the sections to fill in. */
  async loadTokens(): Promise<void> {
    const facilityId = this.facilityId;
    if (!facilityId || this.tokens.state === 'loading') return;
    this.tokens = LOADING;
    try {
      const response = await this.root.api.call<GenerateTokensResult>(
        'generateTokens',
        { facility: facilityId },
        { form: documentsForm(this.root.rental.model, facilityId) },
      );
      runInAction(() => {
        const tokens = response.status === 'ok' ? response.result?.dynamic_tokens : null;
        this.tokens = tokens ? ready({ sections: tokens.sections ?? [], tokens: tokens.tokens ?? {} }) : FAILED;
      });
    } catch (error) {
      this.log('generate tokens', error);
      runInAction(() => (this.tokens = FAILED));
    }
  }

  /** Done on panda_fields: the values go into the model's dynamic_tokens (sent to generate-agreements). */
  submitAdditionalInformation(values: DynamicValues): void {
    const tokens = valueOr(this.tokens, null) ?? { sections: [], tokens: {} };
    // The agreements are generated from these values: any earlier ones are stale.
    this.clearAgreements();
    this.root.rental.done({ dynamic_tokens: { ...tokens, values } });
  }

  // -- SIGN DOCUMENTS (panda_agreements) ----------------------------------------------------------

  /** POST pandadocs/generate-agreements/ (flow rental); kept until the card changes or the rental ends. */
  async loadAgreements(): Promise<void> {
    const facilityId = this.facilityId;
    if (!facilityId || this.documents.state === 'loading') return;
    if (this.documents.state === 'ready' && this.agreements.length > 0) return;
    this.documents = LOADING;
    try {
      const response = await this.root.api.call<GenerateAgreementsResult | AgreementDocument[]>(
        'generateAgreements',
        { facility: facilityId },
        { form: documentsForm(this.root.rental.model, facilityId) },
      );
      runInAction(() => {
        const list = response.status === 'ok' ? agreementList(response.result) : null;
        this.documents = list && list.length > 0 ? ready(list) : FAILED;
      });
    } catch (error) {
      this.log('generate agreements', error);
      runInAction(() => (this.documents = FAILED));
    }
  }

  /** The frame showing the current agreement (its window), or null when it is gone. */
  setSigningFrame(frame: MessageEventSource | null): void {
    this.watch.setFrame(frame);
  }

  /**
   * The signing frame said the document on screen is signed: mark it completed and show the next;
   * after the last one the rental runs (rental §4 "Signing").
   */
  completeAgreement(key: string): void {
    const doc = this.agreements.find((candidate) => candidate.key === key && !candidate.completed);
    if (!doc) return;
    doc.completed = true;
    if (this.allSigned && this.root.rental.section === 'panda_agreements') this.root.rental.done();
  }

  clearAgreements(): void {
    this.documents = IDLE;
  }

  reset(): void {
    this.watch.stop();
    this.tokens = IDLE;
    this.documents = IDLE;
  }
}

/** generate-agreements answers `{ agreements: [...] }`; a bare list is accepted too (rental §7 "returns a list"). */
function agreementList(result: GenerateAgreementsResult | AgreementDocument[] | undefined): AgreementDocument[] | null {
  if (Array.isArray(result)) return result.map((doc) => ({ ...doc, completed: Boolean(doc.completed) }));
  if (result && Array.isArray(result.agreements)) {
    return result.agreements.map((doc) => ({ ...doc, completed: Boolean(doc.completed) }));
  }
  return null;
}
