import {
  daemonErrorReason,
  isIdScanProblem,
  type IdScanFields,
  type IdScanOutcome,
  type IdScanProblem,
  type ServerEventOf,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError } from '../../api/errors';
import type { RootStore } from '../../stores/RootStore';

/**
 * 'Scan your driver license' (docs/id-scanner.md): scans from a serial scanner (id-scan events)
 * or a keyboard-wedge scanner (handed to the daemon to parse) while a form that takes them is
 * open. The fields wait here until the form takes them; the raw barcode is never kept.
 */
export type LicenceScanPhase = 'idle' | 'waiting' | 'reading' | 'filled' | 'failed';

/** 'not-a-licence': a keyboard-wedge scanner typed another kind of barcode into a field. */
export type LicenceScanProblem = IdScanProblem | 'request-failed' | 'not-a-licence';

export class LicenceScanStore {
  phase: LicenceScanPhase = 'idle';
  problem: LicenceScanProblem | null = null;
  /** The last scan's fields, until the form takes them. */
  fields: IdScanFields | null = null;
  private listeners = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'listeners'>(this, { root: false, listeners: false }, { autoBind: true });
    root.events.on('id-scan', this.onScanEvent);
  }

  /** A form that takes scans is showing; returns the stop function. */
  listen(): () => void {
    this.listeners += 1;
    return () => {
      this.listeners -= 1;
      if (this.listeners === 0) this.clear();
    };
  }

  /** The visitor pressed 'Scan your driver license': say where to hold it. */
  startScan(): void {
    this.phase = 'waiting';
    this.problem = null;
  }

  /** A keyboard-wedge scan caught on the page. */
  async submitWedgeScan(data: string): Promise<void> {
    this.phase = 'reading';
    this.problem = null;
    try {
      const outcome = await this.root.api.parseIdScan(data);
      runInAction(() => this.apply(outcome));
    } catch (error) {
      const problem = error instanceof ApiError ? daemonErrorReason(error.body) : undefined;
      runInAction(() => {
        this.phase = 'failed';
        this.problem = isIdScanProblem(problem) ? problem : 'request-failed';
      });
    }
  }

  /** A barcode that is not a licence was typed into a field and taken back out of it. */
  notALicence(): void {
    this.phase = 'failed';
    this.problem = 'not-a-licence';
  }

  onScanEvent(event: ServerEventOf<'id-scan'>): void {
    if (this.listeners > 0) this.apply(event.outcome);
  }

  /** Hand the fields to the form and forget them here. */
  takeFields(): IdScanFields | null {
    const fields = this.fields;
    this.fields = null;
    return fields;
  }

  private apply(outcome: IdScanOutcome): void {
    if (outcome.ok) {
      this.fields = outcome.fields;
      this.phase = 'filled';
      this.problem = null;
    } else {
      this.fields = null;
      this.phase = 'failed';
      this.problem = outcome.problem;
    }
  }

  private clear(): void {
    this.phase = 'idle';
    this.problem = null;
    this.fields = null;
  }

  reset(): void {
    this.clear();
  }
}
