import {
  IDENTITY,
  IDENTITY_TOKEN_HEADER,
  type AppResponse,
  type ExistingOnboarding,
  type FileUploadTicket,
  type IdentityOcrImageData,
  type IdentityScore,
  type IdentitySession,
  type IdentityStatusResult,
  type IdentityVerificationCreated,
  type Dossier,
  type IdentityVerifyResult,
  type StoredFile,
  type VerificationState,
  type VerifiedOwnerItem,
} from '@kiosk/shared-types';
import type { ApiClient, Fields } from '../../../api/client';
import type { LogFailure } from '../../../shared/failure-log';
import { dataUrlToBlob, extensionOf, type ProviderSession } from './verification';

/** The multipart POST of an image to the upload URL a files call handed out. */
export type Upload = (url: string, body: FormData) => Promise<{ ok: boolean; status: number }>;

export const defaultUpload: Upload = async (url, body) => {
  const response = await fetch(url, { method: 'POST', body });
  return { ok: response.ok, status: response.status };
};

/** Where the calls are made for: the kiosk's owner and facility, and the visitor's session. */
export interface IdentityPlace {
  ownerId: string | null;
  facilityId: string | null;
  traceId: string | null;
}

export type ImageKind = 'dl_front' | 'selfie';

/**
 * The identity provider's calls and the dossier's (rental spec §7 "Identity"), through the daemon.
 * No state of its own: the stores keep the provider session, the dossier id and what the visitor
 * sees. A failure is logged and answered as null (the flow goes on, rental §8), never thrown.
 */
export class IdentityClient {
  constructor(
    private readonly api: ApiClient,
    private readonly place: () => IdentityPlace,
    private readonly log: LogFailure,
  ) {}

  /** POST dossiers/: the dossier that collects this visit's verification; null when it failed. */
  async createDossier(): Promise<string | null> {
    const { ownerId: owner, facilityId: facility, traceId } = this.place();
    if (!owner || !facility) return null;
    const now = Math.floor(Date.now() / 1000);
    try {
      const response = await this.api.call<{ dossier_id: string }>(
        'createDossier',
        { owner, facility },
        { form: { owner, facility, created_time: now, updated_time: now, trace_id: traceId ?? '' } },
      );
      if (response.status === 'ok' && response.result?.dossier_id) return response.result.dossier_id;
      this.log('create dossier', response);
    } catch (error) {
      this.log('create dossier', error);
    }
    return null;
  }

  async updateDossier(dossierId: string, parts: Fields): Promise<void> {
    try {
      const response = await this.api.call('updateDossier', { dossierId }, { form: parts });
      if (response.status !== 'ok') this.log('update dossier', response);
    } catch (error) {
      this.log('update dossier', error);
    }
  }

  /** The provider session: the fresh one kept earlier, with a new onboarding link, else a new one. */
  async openSession(existing: ProviderSession | null): Promise<ProviderSession | null> {
    if (existing) {
      try {
        const response = await this.providerCall<ExistingOnboarding>('existingOnboardingUrl', existing, {
          clientId: existing.clientId,
          liveData: true,
        });
        if (response.status === 'ok') {
          return { ...existing, url: response.result.url, interviewId: response.result.interview_id };
        }
      } catch (error) {
        this.log('existing onboarding url', error);
      }
    }
    const facility = this.place().facilityId;
    if (!facility) return null;
    try {
      const response = await this.api.call<IdentitySession>(
        'generateIdentitySession',
        { facility },
        { query: { liveData: true } },
      );
      if (response.status !== 'ok') {
        this.log('identity session', response);
        return null;
      }
      const { url, interview_id, clientId, token } = response.result;
      return { token, url, interviewId: interview_id, clientId, expiresAt: Date.now() + IDENTITY.tokenLifetimeMs };
    } catch (error) {
      this.log('identity session', error);
      return null;
    }
  }

  /** Text the provider's link to the phone; resolves the verification's id, null when it failed. */
  async sendLink(session: ProviderSession, to: { email: string; phone: string; dossierId: string | null }) {
    const { ownerId: owner, facilityId: facility } = this.place();
    if (!owner || !facility) return null;
    try {
      const response = await this.api.call<IdentityVerificationCreated>(
        'identityVerification',
        { owner, facility },
        {
          query: { sendNotification: true },
          form: {
            email: to.email,
            phone: to.phone,
            dossierId: to.dossierId ?? '',
            device: 'kiosk',
            incodeVerificationLink: session.url,
          },
        },
      );
      if (response.status === 'ok') return response.result.idvId;
      this.log('identity verification', response);
    } catch (error) {
      this.log('identity verification', error);
    }
    return null;
  }

  /** Where the phone side stands; null when the call itself failed (polling goes on). */
  async status(session: ProviderSession): Promise<AppResponse<IdentityStatusResult> | null> {
    try {
      return await this.providerCall<IdentityStatusResult>('identityStatus', session, { id: session.interviewId });
    } catch (error) {
      this.log('identity status', error);
      return null;
    }
  }

  /** The score, the licence scan and the images once the phone is done; null when either is missing. */
  async scoreAndScan(session: ProviderSession): Promise<{ score: IdentityScore; data: IdentityOcrImageData } | null> {
    let score: IdentityScore | null = null;
    let data: IdentityOcrImageData | null = null;
    try {
      const query = { interview_id: session.interviewId };
      const [scoreResponse, ocrResponse] = await Promise.all([
        this.providerCall<IdentityScore>('identityScore', session, query),
        this.providerCall<IdentityOcrImageData>('identityOcr', session, query),
      ]);
      if (scoreResponse.status === 'ok') score = scoreResponse.result;
      if (ocrResponse.status === 'ok') data = ocrResponse.result;
    } catch (error) {
      this.log('identity score or scan', error);
    }
    return score && data ? { score, data } : null;
  }

  /**
   * files call, then the multipart POST to its upload URL: the file's id, or null after
   * `onFailure` was told why (the flow goes on without the image).
   */
  async uploadImage(
    dataUrl: string,
    kind: ImageKind,
    attributes: { dossier_id: string | null; idv_id: string | null },
    upload: Upload,
    onFailure: (kind: ImageKind, reason: string) => void,
  ): Promise<string | null> {
    const { ownerId: owner, facilityId: facility } = this.place();
    const blob = dataUrlToBlob(dataUrl);
    if (!owner || !facility || !blob) {
      onFailure(kind, 'no image');
      return null;
    }
    const fileName = `${kind}.${extensionOf(blob.type)}`;
    try {
      const response = await this.api.call<FileUploadTicket>(
        'createFile',
        { owner },
        {
          form: {
            content_type: blob.type,
            file_name: fileName,
            file_type: 'mitek',
            facility_id: facility,
            attributes: { kind, ...attributes },
          },
        },
      );
      if (response.status !== 'ok') {
        onFailure(kind, response.message ?? response.code ?? 'files call failed');
        return null;
      }
      const ticket = response.result;
      const form = new FormData();
      for (const [name, value] of Object.entries(ticket.upload_fields ?? {})) form.append(name, value);
      form.append('file', blob, fileName);
      const uploaded = await upload(ticket.upload_url, form);
      if (!uploaded.ok) {
        onFailure(kind, `upload answered ${uploaded.status}`);
        return null;
      }
      return ticket.file_id;
    } catch (error) {
      onFailure(kind, error instanceof Error ? error.message : String(error));
      return null;
    }
  }

  /**
   * Where an uploaded image can be read from (GET owners/{owner}/files/{fileId}/): the URL the
   * rental model carries, since the model never carries an image's data. Null when not found.
   */
  async downloadUrl(fileId: string): Promise<string | null> {
    const owner = this.place().ownerId;
    if (!owner) return null;
    try {
      const response = await this.api.call<StoredFile>('getFile', { owner, fileId });
      if (response.status === 'ok' && response.result.download_url) return response.result.download_url;
      this.log('file url', response);
    } catch (error) {
      this.log('file url', error);
    }
    return null;
  }

  async submitVerification(idvId: string, payload: Fields): Promise<VerificationState | null> {
    const { ownerId: owner, facilityId: facility } = this.place();
    if (!owner || !facility) return null;
    try {
      const response = await this.api.call<IdentityVerifyResult>(
        'identityVerify',
        { owner, facility, idvId },
        { form: { owner, facility, idv_id: idvId, payload } },
      );
      if (response.status === 'ok') return response.result?.state ?? null;
      this.log('identity verify', response);
    } catch (error) {
      this.log('identity verify', error);
    }
    return null;
  }

  /** GET dossiers/{id}/: the state of the verification the dossier records; null when it has none or the call failed. */
  async dossierState(dossierId: string): Promise<VerificationState | null> {
    try {
      const response = await this.api.call<Dossier>('getDossier', { dossierId });
      if (response.status === 'ok') return response.result?.verification?.state ?? null;
      this.log('read dossier', response);
    } catch (error) {
      this.log('read dossier', error);
    }
    return null;
  }

  /** A logged-in visitor's earlier verification (owner items, with the passport token), if any. */
  async previousVerification(email: string, userToken: string | null): Promise<VerifiedOwnerItem | null> {
    const owner = this.place().ownerId;
    if (!owner) return null;
    try {
      const response = await this.api.call<VerifiedOwnerItem[]>(
        'ownerItems',
        { owner },
        { query: { emailId: email }, headers: userToken ? { authorization: `Bearer ${userToken}` } : {} },
      );
      if (response.status !== 'ok' || !Array.isArray(response.result)) return null;
      return response.result.find((candidate) => candidate.verified) ?? null;
    } catch (error) {
      this.log('earlier verification', error);
      return null;
    }
  }

  private providerCall<R>(
    name: 'identityStatus' | 'identityScore' | 'identityOcr' | 'existingOnboardingUrl',
    session: ProviderSession,
    query: Record<string, string | boolean>,
  ): Promise<AppResponse<R>> {
    const facility = this.place().facilityId ?? '';
    return this.api.call<R>(name, { facility }, { query, headers: { [IDENTITY_TOKEN_HEADER]: session.token } });
  }
}
