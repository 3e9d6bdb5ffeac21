import { describe, expect, it } from 'vitest';
import { parseMultipart } from './multipart.js';

describe('parseMultipart', () => {
  it('parses a multipart body with binary data intact', () => {
    const boundary = 'b0';
    const bytes = Buffer.from([0, 13, 10, 255, 45, 45]);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const [part] = parseMultipart(body, `multipart/form-data; boundary=${boundary}`);
    expect(part).toMatchObject({ name: 'file', filename: 'x.bin' });
    expect([...part!.data]).toEqual([...bytes]);
  });
});
