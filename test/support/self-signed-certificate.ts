import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Certificate {
  cert: string;
  key: string;
}

/**
 * A new key and a self-signed certificate for `hostname` (P-256, one day), made by OpenSSL as an
 * operator would; a sender that trusts exactly this certificate can then verify the listener.
 */
export function selfSignedCertificate(hostname: string): Certificate {
  const folder = mkdtempSync(join(tmpdir(), 'tidings-cert-'));
  try {
    const [cert, key] = [join(folder, 'cert.pem'), join(folder, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${hostname}`,
        '-addext',
        `subjectAltName=DNS:${hostname}`,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'pipe' },
    );
    return { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
