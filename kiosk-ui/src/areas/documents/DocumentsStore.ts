import {
  isInsuranceDocument,
  type FacilityMapImage,
  type FacilityMapPolygon,
  type NonInteractiveDocument,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { isOperatorUnreachable } from '../../api/errors';
import type { RootStore } from '../../stores/RootStore';

/** 'failed': the operator answered with an error; 'unreachable': no answer (the screen offers to try again). */
export type MapStatus = 'idle' | 'loading' | 'ready' | 'failed' | 'unreachable';

/**
 * Documents: the facility's non-interactive documents (loaded and kept by ConfigStore with the
 * configuration; insurance types vs lease documents, shell spec §3), the document open in the viewer (Rental Documents,
 * Protection Brochure) and the facility map's images with their polygons (shell spec §2).
 */
export class DocumentsStore {
  /** The document open in the non-interactive viewer. */
  openDocument: NonInteractiveDocument | null = null;

  mapImages: FacilityMapImage[] = [];
  mapStatus: MapStatus = 'idle';
  private mapFacility: string | null = null;
  /** The map space whose media is showing. */
  openPolygon: FacilityMapPolygon | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'mapFacility'>(this, { root: false, mapFacility: false }, { autoBind: true });
  }

  get nonInteractive(): NonInteractiveDocument[] {
    return this.root.config.nonInteractiveDocuments;
  }

  /** Shown under Rental Documents. */
  get leaseDocuments(): NonInteractiveDocument[] {
    return this.nonInteractive.filter((doc) => !isInsuranceDocument(doc));
  }

  /** Shown under Protection Brochure. */
  get insuranceDocuments(): NonInteractiveDocument[] {
    return this.nonInteractive.filter((doc) => isInsuranceDocument(doc));
  }

  showDocument(document: NonInteractiveDocument): void {
    this.openDocument = document;
  }

  closeDocument(): void {
    this.openDocument = null;
  }

  /** The map images of the facility (GET user/facility/{facility}/map/), loaded once per facility. */
  async loadMap(): Promise<void> {
    const facility = this.root.shell.facilityId ?? this.root.config.facilityId;
    if (!facility) return;
    if (this.mapFacility === facility && (this.mapStatus === 'ready' || this.mapStatus === 'loading')) return;
    this.mapFacility = facility;
    this.mapStatus = 'loading';
    try {
      const response = await this.root.api.call<FacilityMapImage[]>('facilityMap', { facility });
      runInAction(() => {
        this.mapImages = response.status === 'ok' && Array.isArray(response.result) ? response.result : [];
        this.mapStatus = response.status === 'ok' ? 'ready' : 'failed';
      });
    } catch (error) {
      runInAction(() => {
        this.mapImages = [];
        this.mapStatus = isOperatorUnreachable(error) ? 'unreachable' : 'failed';
      });
    }
  }

  showPolygon(polygon: FacilityMapPolygon): void {
    this.openPolygon = polygon;
  }

  closePolygon(): void {
    this.openPolygon = null;
  }

  /** The facility's documents and map are not visitor data: only what the visitor opened is forgotten. */
  reset(): void {
    this.openDocument = null;
    this.openPolygon = null;
  }
}
