import { describe, expect, it } from 'vitest';
import { useSandbox } from '../../test-helpers/sandbox-client.js';

const { api, sandbox } = useSandbox({ publicOrigin: 'http://sandbox.test' });

describe('files', () => {
  function multipart(fields: Record<string, string>, file: { name: string; type: string; data: string } | null) {
    const boundary = '----kiosk-test-boundary';
    const parts = Object.entries(fields).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    if (file) {
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.data}\r\n`,
      );
    }
    return {
      payload: `${parts.join('')}--${boundary}--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  }

  async function ticket() {
    const created = await api('POST', 'owners/demo-owner/files/', {
      content_type: 'image/svg+xml',
      file_name: 'dl_front.svg',
      file_type: 'mitek',
      facility_id: 'demo',
      attributes: JSON.stringify({ kind: 'dl_front' }),
    });
    return created.data.result as { file_id: string; upload_url: string; upload_fields: Record<string, string> };
  }

  it('gives an upload URL and fields, takes the multipart POST, then serves the file by its download_url', async () => {
    const upload = await ticket();
    expect(upload.upload_url).toBe(`http://sandbox.test/pages/identity/uploads/${upload.file_id}`);
    const body = multipart(upload.upload_fields, { name: 'dl_front.svg', type: 'image/svg+xml', data: '<svg/>' });
    const posted = await sandbox().inject({
      method: 'POST',
      url: new URL(upload.upload_url).pathname,
      headers: { 'content-type': body.contentType, origin: 'http://kiosk.test' },
      payload: body.payload,
    });
    expect(posted.statusCode).toBe(204);
    expect(posted.headers['access-control-allow-origin']).toBe('*');

    const file = await api('GET', `owners/demo-owner/files/${upload.file_id}/`);
    expect(file.data.result).toMatchObject({ file_id: upload.file_id, uploaded: true, content_type: 'image/svg+xml' });
    const download = await sandbox().inject({ url: new URL(file.data.result.download_url).pathname });
    expect(download.body).toBe('<svg/>');
  });

  it('refuses an upload with the wrong signature, without a file, or while uploads are switched off', async () => {
    const upload = await ticket();
    const path = new URL(upload.upload_url).pathname;
    const send = (fields: Record<string, string>, withFile: boolean) => {
      const body = multipart(fields, withFile ? { name: 'a.svg', type: 'image/svg+xml', data: '<svg/>' } : null);
      return sandbox().inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    expect((await send({ ...upload.upload_fields, signature: 'forged' }, true)).statusCode).toBe(403);
    expect((await send(upload.upload_fields, false)).statusCode).toBe(400);
    await sandbox().inject({ method: 'POST', url: '/__sandbox/identity/uploads', payload: { fail: true } });
    expect((await send(upload.upload_fields, true)).statusCode).toBe(503);
  });
});
