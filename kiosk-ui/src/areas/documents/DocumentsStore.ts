import {
  isInsuranceDocument,
  type FacilityMapImage,
  type FacilityMapPolygon,
  type NonInteractiveDocument,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { isOperatorUnreachable } from '../../api/errors';
import type { RootStore } from '../../stores/RootStore';
import { IDLE, LOADING, ready, REFUSED, UNREACHABLE, valueOr, type Loadable } from '../../models/loadable';

/**
 * Documents: the facility's non-interactive documents (loaded and kept by ConfigStore with the
 * configuration; insurance types vs lease documents, shell spec §3), the document open in the viewer (Rental Documents,
 * Protection Brochure) and the facility map's images with their polygons (shell spec §2).
 */
export class DocumentsStore {
  /** The document open in the non-interactive viewer. */
  openDocument: NonInteractiveDocument | null = null;

  /** Failed 'unreachable' when no answer came (the screen offers to try again), 'refused' on an error answer. */
  map: Loadable<FacilityMapImage[]> = IDLE;
  private mapFacility: string | null = null;
  /** The map space whose media is showing. */
  openPolygon: FacilityMapPolygon | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'mapFacility'>(this, { root: false, mapFacility: false }, { autoBind: true });
  }

  /** The map's images once loaded (none while loading or after a failure). */
  get mapImages(): FacilityMapImage[] {
    return valueOr(this.map, []);
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
    if (this.mapFacility === facility && (this.map.state === 'ready' || this.map.state === 'loading')) return;
    this.mapFacility = facility;
    this.map = LOADING;
    try {
      const response = await this.root.api.call<FacilityMapImage[]>('facilityMap', { facility });
      runInAction(() => {
        this.map = response.status !== 'ok' ? REFUSED : ready(Array.isArray(response.result) ? response.result : []);
      });
    } catch (error) {
      runInAction(() => {
        this.map = isOperatorUnreachable(error) ? UNREACHABLE : REFUSED;
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
