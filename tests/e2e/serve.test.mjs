/**
 * The app's own server (`npm start`) sends text compressed, as any real static host does, so a
 * phone on a slow network (and Lighthouse in `npm run bench`) gets the bytes the budgets count.
 * No browser: plain requests to a server of a small folder.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';
import { encodingFor, startServer } from '../../scripts/serve.mjs';
import { throwawayCertificate } from '../../scripts/bench/tls.mjs';

const SCRIPT = `export const words = ${JSON.stringify('lantern '.repeat(2000))};\n`;
/** @type {string} */ let root;
/** @type {{ url: string, close: () => Promise<void> }} */ let server;

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'lantern-serve-'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Lantern</title>');
  await writeFile(join(root, 'app.js'), SCRIPT);
  await writeFile(join(root, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  server = await startServer({ port: 0, root });
});
after(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

/** The raw bytes of a response (fetch would decompress them on its own). */
function get(path, acceptEncoding) {
  return new Promise((ok, fail) => {
    const req = request(`${server.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      /** @type {Buffer[]} */ const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('the server', () => {
  test('sends scripts in Brotli when the browser takes it: smaller, and the same once decoded', async () => {
    const { headers, body } = await get('/app.js', 'gzip, deflate, br');
    assert.equal(headers['content-encoding'], 'br');
    assert.equal(headers['vary'], 'Accept-Encoding');
    assert.equal(Number(headers['content-length']), body.length);
    assert.ok(body.length < SCRIPT.length / 10, `${body.length} bytes for ${SCRIPT.length}`);
    assert.equal(brotliDecompressSync(body).toString(), SCRIPT);
  });

  test('falls back to gzip, then to the file as it is', async () => {
    const gz = await get('/app.js', 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.body).toString(), SCRIPT);
    const plain = await get('/app.js', 'identity');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), SCRIPT);
  });

  test('sends pages compressed too, and images as they are', async () => {
    const page = await get('/game/some-id', 'br');
    assert.equal(page.headers['content-encoding'], 'br');
    assert.match(brotliDecompressSync(page.body).toString(), /<title>Lantern<\/title>/);
    const image = await get('/icon.png', 'br, gzip');
    assert.equal(image.headers['content-encoding'], undefined);
    assert.equal(image.body.length, 7);
  });

  test('sends the copy the build compressed beside a file, unless the file is newer than it', async () => {
    const text = `export const ready = ${JSON.stringify('precompressed '.repeat(500))};\n`;
    await writeFile(join(root, 'ready.js'), text);
    // Copies made at other settings than the server's own (Brotli 11 against 5, gzip 1 against
    // the default): their bytes tell which was sent.
    const br = brotliCompressSync(Buffer.from(text));
    const gz = gzipSync(Buffer.from(text), { level: 1 });
    const q5 = brotliCompressSync(Buffer.from(text), { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: text.length } });
    assert.notDeepEqual(br, q5, 'the copy differs from what the server would make');
    assert.notDeepEqual(gz, gzipSync(Buffer.from(text)), 'the gzip copy differs from what the server would make');
    await writeFile(join(root, 'ready.js.br'), br);
    await writeFile(join(root, 'ready.js.gz'), gz);
    const first = await get('/ready.js', 'br');
    assert.equal(first.headers['content-encoding'], 'br');
    assert.deepEqual(first.body, br, 'the build’s Brotli copy, byte for byte');
    assert.equal(first.headers['content-type'], 'text/javascript; charset=utf-8');
    const second = await get('/ready.js', 'gzip');
    assert.deepEqual(second.body, gz, 'the build’s gzip copy, byte for byte');

    // The file changed after its copies were made: they are stale, and the file itself is sent.
    const changed = text.replace('precompressed', 'rewritten');
    await writeFile(join(root, 'ready.js'), changed);
    const later = new Date(Date.now() + 60_000);
    await utimes(join(root, 'ready.js'), later, later);
    const fresh = await get('/ready.js', 'br');
    assert.equal(brotliDecompressSync(fresh.body).toString(), changed);
  });

  test('reads Accept-Encoding as browsers write it, a refused encoding included', () => {
    assert.equal(encodingFor('gzip, deflate, br, zstd'), 'br');
    assert.equal(encodingFor('br;q=0, gzip;q=0.8'), 'gzip');
    assert.equal(encodingFor('BR'), 'br');
    assert.equal(encodingFor('gzip;q=0.0'), null);
    assert.equal(encodingFor(undefined), null);
    assert.equal(encodingFor(''), null);
  });
});

describe('the server over HTTPS, as the bench’s HTTP/2 round uses it', () => {
  test('speaks HTTP/2 and answers as over plain HTTP: pages by the fallback, scripts in Brotli', async (t) => {
    const tls = await throwawayCertificate();
    if (!tls) {
      t.skip('no openssl on this machine to make a certificate with');
      return;
    }
    const secure = await startServer({ port: 0, root, tls });
    const session = connect(secure.url, { rejectUnauthorized: false });
    /** @param {string} path */
    const get2 = (path) =>
      new Promise((ok, fail) => {
        const stream = session.request({ ':path': path, 'accept-encoding': 'br' });
        /** @type {Buffer[]} */ const chunks = [];
        /** @type {Record<string, unknown>} */ let headers = {};
        stream.on('response', (h) => (headers = h));
        stream.on('data', (c) => chunks.push(c));
        stream.on('end', () => ok({ headers, body: Buffer.concat(chunks) }));
        stream.on('error', fail);
      });
    try {
      assert.match(secure.url, /^https:\/\/localhost:\d+$/);
      const page = /** @type {{ headers: Record<string, unknown>, body: Buffer }} */ (await get2('/game/some-id'));
      assert.equal(page.headers[':status'], 200);
      assert.equal(page.headers['content-encoding'], 'br');
      assert.match(brotliDecompressSync(page.body).toString(), /<title>Lantern<\/title>/);
      const script = /** @type {{ headers: Record<string, unknown>, body: Buffer }} */ (await get2('/app.js'));
      assert.equal(brotliDecompressSync(script.body).toString(), SCRIPT);
      assert.equal((await get2('/missing.js')).headers[':status'], 404);
    } finally {
      session.close();
      await secure.close();
    }
  });
});
