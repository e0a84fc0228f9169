import fs from 'node:fs';
import path from 'node:path';
import { testStack } from '../support/stack-env';

/** The built SPA as the stack's api serves it: precompressed copies, caching by kind of file, no source maps. */
const { appUrl, config } = testStack();

async function entryScript(): Promise<string> {
  const html = await (await fetch(`${appUrl}/`)).text();
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html names no entry script');
  return src;
}

test('assets go out precompressed in the encoding the browser accepts, one cached answer per encoding', async () => {
  const src = await entryScript();
  const plain = await fetch(`${appUrl}${src}`, { headers: { 'Accept-Encoding': 'identity' } });
  const plainBytes = (await plain.arrayBuffer()).byteLength;
  expect(plain.headers.get('content-encoding')).toBeNull();

  for (const encoding of ['br', 'gzip']) {
    // Node's fetch decodes what it receives: the byte count comes from Content-Length.
    const answer = await fetch(`${appUrl}${src}`, { headers: { 'Accept-Encoding': encoding } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe(encoding);
    expect(answer.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(answer.headers.get('content-type')).toMatch(/javascript/);
    expect(Number(answer.headers.get('content-length'))).toBeLessThan(plainBytes / 2);
    expect(answer.headers.get('cache-control')).toBe('max-age=31536000,immutable');
    expect((await answer.arrayBuffer()).byteLength).toBe(plainBytes);
  }
});

test('the pages are never cached: the public ones arrive with their text, every other address gets the shell', async () => {
  for (const [path, heading] of [
    ['/', 'Montage vidéo'],
    ['/pricing', 'Tarifs'],
    ['/brief', 'Commander un montage'],
  ]) {
    const answer = await fetch(`${appUrl}${path}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('content-encoding')).toBe('br');
    const html = await answer.text();
    expect(html).toMatch(new RegExp(`<title>[^<]*${heading}[^<]*</title>`));
    expect(html).toMatch(/<div id="root"><div[^>]*>.*<h1[^>]*>[^<]+<\/h1>/s);
  }
  for (const path of ['/project/123', '/dashboard', '/pricing/unknown']) {
    const answer = await fetch(`${appUrl}${path}`);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(await answer.text()).toContain('<div id="root"></div>');
  }
});

test("the server's own render of signed-in pages is not served", async () => {
  for (const path of ['/ssr/render.mjs', '/ssr/manifest.json']) {
    const answer = await fetch(`${appUrl}${path}`);
    // The shell, as for any address that is not a file of the site.
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await answer.text()).toContain('<div id="root"></div>');
  }
});

test('the sources stay private: the build writes no source map and the api serves none', async () => {
  const assets = fs.readdirSync(path.join(config.FRONTEND_DIST, 'assets'));
  expect(assets.filter((name) => name.endsWith('.map'))).toEqual([]);
  const src = await entryScript();
  expect(await (await fetch(`${appUrl}${src}`)).text()).not.toContain('sourceMappingURL');
  for (const map of [`${src}.map`, '/assets/index.js.map', '/index.html.map']) {
    const answer = await fetch(`${appUrl}${map}`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('"sources"');
  }
});
