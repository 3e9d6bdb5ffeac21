import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FileUploadTicket, StoredFile } from '@kiosk/shared-types';
import { IDENTITY_PAGES } from '../identity-state.js';
import { fail, jsonField, ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';

/**
 * The identity provider's file uploads (rental spec §7 "Identity and documents"): a ticket to
 * upload a licence photo or selfie straight to storage, and the stored file afterwards. The upload
 * target and the bytes themselves are pages: routes/identity-pages.ts.
 */

const identityFilesRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const { identity } = state;

  app.post(
    operatorPath('createFile'),
    {
      schema: {
        params: stringFields(['owner'], ['owner']),
        body: stringFields(
          ['content_type', 'file_name', 'file_type', 'facility_id', 'attributes'],
          ['content_type', 'file_name', 'file_type'],
        ),
      },
    },
    async (request) => {
      const body = request.body;
      const record = identity.createFile({
        owner_id: request.params.owner,
        facility_id: body.facility_id ?? '',
        content_type: body.content_type!,
        file_name: body.file_name!,
        file_type: body.file_type!,
        attributes: jsonField(body.attributes, 'attributes') ?? null,
      });
      const result: FileUploadTicket = {
        file_id: record.file_id,
        upload_url: IDENTITY_PAGES.upload(record.file_id),
        upload_fields: { key: `${record.owner_id}/${record.file_id}/${record.file_name}`, signature: record.signature },
      };
      return ok(result);
    },
  );

  app.get(
    operatorPath('getFile'),
    { schema: { params: stringFields(['owner', 'fileId'], ['owner', 'fileId']) } },
    async (request) => {
      const record = identity.file(request.params.fileId);
      if (!record || record.owner_id !== request.params.owner) {
        return fail({ code: 'FileNotFound', message: `No file "${request.params.fileId}".` });
      }
      const result: StoredFile = {
        file_id: record.file_id,
        file_name: record.file_name,
        content_type: record.content_type,
        uploaded: record.data !== null,
        download_url: IDENTITY_PAGES.download(record.file_id),
      };
      return ok(result);
    },
  );
};

export default identityFilesRoutes;
