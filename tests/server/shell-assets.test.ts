/**
 * How the shell hands out the web app's bundles: compressed, as the build writes .br and .gz copies beside
 * each text asset (scripts/build.mjs precompress) and the static server picks the one the browser accepts,
 * saying so in Vary (a browser that accepts neither, or an asset without copies, gets the file as it is);
 * and every chunk main.js imports named in the page with modulepreload, so none waits for its importer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, school, type TestApp } from '../helpers/app';

describe('the shell and its assets', () => {
  let app: TestApp;
  let webDir: string;
  const script = `console.log(${JSON.stringify('蓝学'.repeat(400))});`;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-web-'));
    const assets = path.join(webDir, 'assets');
    fs.mkdirSync(assets);
    fs.writeFileSync(path.join(assets, 'main-ABC123.js'), script);
    fs.writeFileSync(path.join(assets, 'main-ABC123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(assets, 'main-ABC123.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(assets, 'main-ABC123.css'), 'body{}');
    const manifest = {
      js: 'assets/main-ABC123.js',
      css: ['assets/main-ABC123.css'],
      preload: ['assets/chunks/chunk-A.js', 'assets/chunks/chunk-B.js'],
      locales: { 'zh-CN': ['assets/chunks/site.zh-CN-Z.js'], 'en-gb': ['assets/chunks/site.en-gb-E.js'] },
    };
    fs.writeFileSync(path.join(webDir, 'manifest.json'), JSON.stringify(manifest));
    app = await makeApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli copy to a browser that takes br, the gzip one to one that takes only gzip', async () => {
    const br = await get('/assets/main-ABC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/main-ABC123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is without an accepted encoding or without copies', async () => {
    const plain = await get('/assets/main-ABC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const css = await get('/assets/main-ABC123.css', 'br');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{}');
  });

  it("names main.js's imported chunks with modulepreload in the page's head", async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/u/${(await school(app)).hashUID}`,
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" href="/assets/chunks/chunk-A.js"><link rel="modulepreload" href="/assets/chunks/chunk-B.js">',
    );
    expect(res.body).toContain('<script type="module" src="/assets/main-ABC123.js"></script>');
  });
  it("preloads the messages of the page's language only (the web app loads no other)", async () => {
    const head = async (cookie?: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/u/${(await school(app)).hashUID}`,
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
      expect(res.statusCode).toBe(200);
      return res.body.slice(0, res.body.indexOf('</head>'));
    };
    const chinese = await head();
    expect(chinese).toContain('<link rel="modulepreload" href="/assets/chunks/site.zh-CN-Z.js">');
    expect(chinese).not.toContain('site.en-gb');
    const english = await head('lx_locale=en-gb');
    expect(english).toContain('<link rel="modulepreload" href="/assets/chunks/site.en-gb-E.js">');
    expect(english).not.toContain('site.zh-CN');
  });
});
