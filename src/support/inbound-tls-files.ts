import { X509Certificate } from 'node:crypto';
import { FSWatcher, readFileSync, watch } from 'node:fs';
import { dirname } from 'node:path';
import { createSecureContext } from 'node:tls';

export interface TlsPair {
  cert: Buffer;
  key: Buffer;
  /** For the log: whom the certificate names and until when. */
  summary: string;
}

/** A renewal is written as two files, or by moving symlinks: let the writes settle before reading. */
const SETTLE_MS = 250;

/**
 * The inbound listener's certificate and key (INBOUND_TLS_CERT, INBOUND_TLS_KEY), read again when
 * anything changes in their folders: certbot swaps symlinks in `live/`, Kubernetes swaps a `..data`
 * link, an operator copies files over. A pair that does not load (half-written, mismatched) is refused
 * and the previous one kept, so a bad renewal never takes TLS down.
 */
export class InboundTlsFiles {
  private current: TlsPair | null = null;
  private readonly watchers: FSWatcher[] = [];
  private settling: NodeJS.Timeout | null = null;

  constructor(
    private readonly certPath: string,
    private readonly keyPath: string,
  ) {}

  /** Reads and checks the pair; throws a message naming the setting at fault. */
  load(): TlsPair {
    const cert = readSetting('INBOUND_TLS_CERT', this.certPath);
    const key = readSetting('INBOUND_TLS_KEY', this.keyPath);
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(cert);
      createSecureContext({ cert, key });
    } catch (error) {
      throw new Error(`INBOUND_TLS_CERT/INBOUND_TLS_KEY: ${(error as Error).message}`);
    }
    const names = certificate.subjectAltName ?? certificate.subject.replace(/\n/g, ', ');
    this.current = { cert, key, summary: `${names}, valid until ${certificate.validTo}` };
    return this.current;
  }

  /** The pair on disk when it differs from the one in use (null when unchanged); throws when it does not load. */
  reload(): TlsPair | null {
    const previous = this.current;
    const next = this.load();
    if (previous && previous.cert.equals(next.cert) && previous.key.equals(next.key)) return null;
    return next;
  }

  /** Calls back after each change on disk, with the new pair or the reason it was refused. */
  watch(onChange: (result: TlsPair | Error) => void): void {
    const settled = () => {
      this.settling = null;
      try {
        const pair = this.reload();
        if (pair) onChange(pair);
      } catch (error) {
        onChange(error as Error);
      }
    };
    for (const folder of new Set([dirname(this.certPath), dirname(this.keyPath)])) {
      const watcher = watch(folder, { persistent: false }, () => {
        if (this.settling) clearTimeout(this.settling);
        this.settling = setTimeout(settled, SETTLE_MS);
      });
      watcher.on('error', (error) => onChange(error));
      this.watchers.push(watcher);
    }
  }

  close(): void {
    if (this.settling) clearTimeout(this.settling);
    for (const watcher of this.watchers.splice(0)) watcher.close();
  }
}

function readSetting(name: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(`${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}
