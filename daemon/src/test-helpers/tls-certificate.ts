import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A self-signed server certificate made with openssl for TLS tests (Debian ships it), for the
 * given DNS names and 127.0.0.1 (unless told not to), and an https server that shows it.
 */
export interface TestCertificate {
  certPath: string;
  cert: string;
  key: string;
  /** notAfter, epoch ms. */
  notAfter: number;
}

export function selfSignedCertificate(
  dnsNames: string[] = ['localhost'],
  days = 30,
  options: { ip?: boolean } = {},
): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-test-cert-'));
  const certPath = join(dir, 'server.pem');
  const keyPath = join(dir, 'server.key');
  const san = [...dnsNames.map((name) => `DNS:${name}`), ...(options.ip === false ? [] : ['IP:127.0.0.1'])].join(',');
  const result = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
      .concat(['-keyout', keyPath, '-out', certPath, '-days', String(days), '-subj', '/CN=kiosk test operator'])
      .concat(['-addext', `subjectAltName=${san}`]),
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr}`);
  const cert = readFileSync(certPath, 'utf8');
  return {
    certPath,
    cert,
    key: readFileSync(keyPath, 'utf8'),
    notAfter: Date.parse(new X509Certificate(cert).validTo),
  };
}

export async function startHttpsServer(
  certificate: TestCertificate,
  handler: RequestListener,
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer({ cert: certificate.cert, key: certificate.key }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
