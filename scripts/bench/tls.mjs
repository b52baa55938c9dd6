/**
 * A throwaway certificate for localhost, so that the bench can also serve the build over HTTPS
 * with HTTP/2, as the hosts that can serve a PWA do (a service worker needs HTTPS, and those
 * hosts speak HTTP/2). Made with the openssl command, in a temporary folder removed at once;
 * the browser that uses it is told to accept it (--ignore-certificate-errors). Null when the
 * machine has no openssl: that part of the bench is then left out, and says so.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** @returns {Promise<{ key: Buffer, cert: Buffer } | null>} */
export async function throwawayCertificate() {
  const dir = await mkdtemp(join(tmpdir(), 'lantern-bench-tls-'));
  try {
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost', '-keyout', keyFile, '-out', certFile],
      { stdio: 'ignore' }
    );
    if (made.error || made.status !== 0) return null;
    return { key: await readFile(keyFile), cert: await readFile(certFile) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
