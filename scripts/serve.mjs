#!/usr/bin/env node
/**
 * Serves the built app as any static host would: real files with their MIME types, and
 * index.html for every other path so deep links such as /game/<id> open the single-page app.
 * `/index.html` itself is served too: the service worker precaches it by that name (vite
 * preview answers it with a 404, which silently drops the worker).
 *
 * A build made for a sub-path (BASE_PATH=/lantern npm run build) is served under that path,
 * as GitHub Pages serves a project: /lantern/… maps to the build folder, / redirects there, and
 * anything else outside it is not found. The path is read from the build itself, so a build is
 * always served where it expects to be.
 *
 * Every response carries the Content-Security-Policy that SvelteKit wrote into the page's <meta>
 * (svelte.config.js), as a header, with `frame-ancestors 'none'` added: browsers ignore that
 * directive in a <meta>, and it is what stops another site from framing the app.
 *
 *   node scripts/serve.mjs                 # http://127.0.0.1:4173/ from build/
 *   node scripts/serve.mjs --host          # every network interface, to try it from a phone
 *   node scripts/serve.mjs --port 8080 --root build-lantern
 *   PORT=…, HOST=…, BUILD_DIR=… do the same from the environment.
 *   import { startServer } from './serve.mjs'   // tests: startServer({ port: 0, root: … })
 *   startServer({ port: 0, tls: { key, cert } })  // over HTTPS with HTTP/2, as a host serves a
 *                                                  // PWA (the bench's second Lighthouse round)
 *
 * Install and offline need a secure context: https://, or http://localhost on the phone itself.
 * Served over plain http on a LAN address the app opens and plays, but the browser gives it
 * no service worker: nothing is cached for offline, and it cannot be installed.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import { networkInterfaces } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { BUILD_DIR, normaliseBase } from './base-path.mjs';

const DEFAULT_ROOT = fileURLToPath(new URL(`../${BUILD_DIR}`, import.meta.url));
const HOST = '127.0.0.1';
/** What `--host` with no address means: every IPv4 interface. */
const ALL_INTERFACES = '0.0.0.0';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8'
};

/** Text is sent compressed, as every real static host sends it; images are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.map']);
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The encoding a request accepts that Lantern sends: Brotli, else gzip, else none. A q=0 entry
 * refuses that encoding.
 * @param {string | undefined} header the request's Accept-Encoding
 * @returns {'br' | 'gzip' | null}
 */
export function encodingFor(header) {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name.trim().toLowerCase())
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Hashed files never change; the worker, the manifest and pages must always be re-checked. */
function cacheControl(path) {
  if (path.includes(`${sep}_app${sep}immutable${sep}`)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** Directives only a header can carry (a <meta> policy ignores them). */
const HEADER_ONLY = "frame-ancestors 'none'";

/**
 * The policy an HTML file declares in its <meta http-equiv="content-security-policy">, with
 * the header-only directives added; null when it declares none.
 * @param {string} html
 */
export function policyOf(html) {
  const meta = html.match(/<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i);
  if (!meta) return null;
  const declared = meta[1].replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&').trim();
  return `${declared.replace(/;\s*$/, '')}; ${HEADER_ONLY}`;
}

/**
 * The base path a build was made for, as Kit wrote it into the page's start-up script
 * (`base: "/lantern"`); '' for the root.
 * @param {string} html
 */
export function baseOf(html) {
  return html.match(/__sveltekit_\w+\s*=\s*\{\s*base:\s*"([^"]*)"/)?.[1] ?? '';
}

/** @returns {Promise<string | null>} the file to send for a URL path, or null. */
async function resolveFile(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const candidate = normalize(join(root, decoded));
  // Never leave the served folder.
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  try {
    const info = await stat(candidate);
    if (info.isFile()) return candidate;
    if (info.isDirectory()) {
      const index = join(candidate, 'index.html');
      if ((await stat(index).catch(() => null))?.isFile()) return index;
    }
  } catch {
    // not there
  }
  return null;
}

/** The http:// addresses a phone on the same network could use for a server on every interface. */
function lanAddresses(port, basePath) {
  return Object.values(networkInterfaces())
    .flat()
    .filter((net) => net && net.family === 'IPv4' && !net.internal)
    .map((net) => `http://${net?.address}:${port}${basePath}/`);
}

/**
 * Starts serving `root` under the URL path its build was made for ('' for the host's root, or
 * e.g. '/lantern'). Resolves once listening; `url` is the app's root without its trailing slash.
 * With `tls` (a PEM key and certificate) it speaks HTTPS, with HTTP/2 to a browser that offers
 * it (every browser does), as the hosts that can serve a PWA do; the answers are the same.
 * @param {{ port?: number, root?: string, host?: string, log?: boolean, tls?: { key: string | Buffer, cert: string | Buffer } }} [options] port 0 picks a free port.
 * @returns {Promise<{ url: string, port: number, base: string, close: () => Promise<void>, server: import('node:http').Server | import('node:http2').Http2SecureServer }>}
 */
export async function startServer({ port = 4173, root = DEFAULT_ROOT, host = HOST, log = false, tls } = {}) {
  const base = resolve(root);
  const fallback = join(base, 'index.html');
  if (!(await stat(fallback).catch(() => null))?.isFile()) {
    throw new Error(`No ${fallback}: build the app first (npm run build).`);
  }
  const prefix = normaliseBase(baseOf(await readFile(fallback, 'utf8')));
  // The app shell's policy covers every response: pages, scripts and the service worker alike
  // (a worker's policy comes from its own response). Another HTML file declares its own. Read
  // again whenever a file changes, so a rebuild under a running server keeps its new hashes.
  /** @type {Map<string, { mtime: number, policy: string | null }>} */
  const policies = new Map();
  /** @param {string} html */
  async function declared(html) {
    const { mtimeMs } = await stat(html);
    const known = policies.get(html);
    if (known?.mtime === mtimeMs) return known.policy;
    const policy = policyOf(await readFile(html, 'utf8'));
    policies.set(html, { mtime: mtimeMs, policy });
    return policy;
  }
  /** @param {string} file */
  async function policyFor(file) {
    const own = extname(file) === '.html' ? await declared(file) : null;
    return own ?? (await declared(fallback));
  }
  await declared(fallback);

  // The build writes each text file compressed beside it, at the smallest size (`x.js.br` and
  // `x.js.gz`, svelte.config.js): that copy is sent as it is, as static hosts that take
  // precompressed files do. A file without one (or with an older one) is compressed here, once
  // per version of it (its modification time), and kept: Brotli at quality 5, as hosts compress
  // on the fly, within a tenth of the smallest and thirty times faster than quality 11.
  /** @type {Map<string, { mtime: number, body: Promise<Buffer> }>} */
  const compressed = new Map();
  /** @param {string} file @param {number} mtime @param {'br' | 'gzip'} encoding */
  function compressedBody(file, mtime, encoding) {
    const key = `${encoding} ${file}`;
    const known = compressed.get(key);
    if (known?.mtime === mtime) return known.body;
    const ready = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    const body = stat(ready)
      .then((info) => info.isFile() && info.mtimeMs >= mtime)
      .catch(() => false)
      .then(async (fresh) => {
        if (fresh) return readFile(ready);
        const raw = await readFile(file);
        return encoding === 'br'
          ? brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
          : gzipped(raw);
      });
    body.catch(() => compressed.delete(key));
    compressed.set(key, { mtime, body });
    return body;
  }

  /** @type {(req: import('node:http').IncomingMessage | import('node:http2').Http2ServerRequest, res: any) => Promise<void>} */
  const answer = async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const { pathname: requested, search } = new URL(req.url ?? '/', 'http://localhost');
    // Under a sub-path: its bare name and the host's root lead to it; nothing else is there.
    if (prefix && (requested === prefix || requested === '/')) {
      res.writeHead(301, { Location: `${prefix}/${requested === prefix ? search : ''}`, 'Cache-Control': 'no-cache' }).end();
      return;
    }
    if (prefix && !requested.startsWith(`${prefix}/`)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(`Not found: Lantern is served under ${prefix}/\n`);
      return;
    }
    const pathname = requested.slice(prefix.length);
    const found = await resolveFile(base, pathname);
    // An unknown path with a file extension is a missing asset, not a page: answer 404 so a
    // broken reference shows up instead of being masked by the app shell.
    const ext = extname(pathname);
    const looksLikeAsset = ext !== '.html' && ext in MIME;
    if (!found && looksLikeAsset) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Not found\n');
      return;
    }
    const file = found ?? fallback;
    const info = await stat(file);
    const policy = await policyFor(file);
    const compressible = COMPRESSIBLE.has(extname(file));
    const encoding = compressible ? encodingFor(req.headers['accept-encoding']) : null;
    const body = encoding ? await compressedBody(file, info.mtimeMs, encoding) : null;
    res.writeHead(200, {
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      'Content-Length': body ? body.length : info.size,
      'Cache-Control': cacheControl(file),
      'X-Content-Type-Options': 'nosniff',
      ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      ...(policy ? { 'Content-Security-Policy': policy } : {})
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (body) res.end(body);
    else createReadStream(file).pipe(res);
  };
  /** Connections over TLS stay open between requests: closed with the server. */
  const sockets = new Set();
  const server = tls ? createSecureServer({ ...tls, allowHTTP1: true }, answer) : createServer(answer);
  if (tls) {
    server.on('secureConnection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
  }

  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const everywhere = host === ALL_INTERFACES || host === '::';
  // A certificate names a host, not an address: over HTTPS the app is at localhost.
  const url = tls
    ? `https://localhost:${actualPort}${prefix}`
    : `http://${everywhere ? '127.0.0.1' : host}:${actualPort}${prefix}`;
  if (log) {
    console.log(`Lantern is served at ${url}/ (from ${base}); Ctrl+C stops it.`);
    if (everywhere) {
      const lan = lanAddresses(actualPort, prefix);
      if (lan.length > 0) console.log(`On this network: ${lan.join('  ')}`);
      console.log(
        'A phone opens and plays it there, but over plain http on a network address it is not a secure\n' +
          'context: no offline copy and no install. For those, publish the build over HTTPS (README:\n' +
          '"Put it on your phone").'
      );
    }
  }
  return {
    url,
    port: actualPort,
    base: prefix,
    server,
    close: () =>
      new Promise((ok) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
        server.close(() => ok(undefined));
      })
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { values } = parseArgs({
      options: {
        // `--host` alone listens on every interface; `--host 192.168.1.20` on that address only.
        host: { type: 'string', default: process.env.HOST || HOST },
        port: { type: 'string', default: process.env.PORT || '4173' },
        root: { type: 'string' }
      },
      args: process.argv.slice(2).flatMap((arg, i, all) =>
        arg === '--host' && (i === all.length - 1 || all[i + 1].startsWith('--')) ? ['--host', ALL_INTERFACES] : [arg]
      )
    });
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Not a port number: ${values.port}`);
    await startServer({
      port,
      host: values.host,
      root: values.root ? resolve(values.root) : DEFAULT_ROOT,
      log: true
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
