// A self-signed certificate for `localhost`, trusted by the server under test through
// NODE_EXTRA_CA_CERTS, so tests can serve HTTPS documents (Client ID Metadata Documents) that the
// server fetches for real, over TLS, with its SSRF protections in place.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';

export type TlsFixture = { cert: string; key: string; caPath: string };

export async function createLocalhostCertificate(): Promise<TlsFixture> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] },
    ],
  } as never);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contract-tls-'));
  const caPath = path.join(dir, 'localhost.pem');
  writeFileSync(caPath, pems.cert);
  return { cert: pems.cert, key: pems.private, caPath };
}
