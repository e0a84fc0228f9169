import { EMPTY_ROOT, fillPageShell } from '../../domain/page-shell';
import { PageSessionInputSchema } from '../../domain/schemas/page-session';

const SHELL = `<!doctype html><html><head><title>Rushflow</title><link rel="stylesheet" href="/assets/index.css"></head><body>${EMPTY_ROOT}<script type="module" src="/assets/index.js"></script></body></html>`;

test("a page's title replaces the shell's, its preloads go in the head and its content in #root", () => {
  const html = fillPageShell(SHELL, {
    rendered: '<title>Mon projet — Rushflow</title><main><h1>Mon projet</h1></main>',
    preloads: ['/assets/project.js'],
  });
  expect(html).toBe(
    '<!doctype html><html><head><title>Mon projet — Rushflow</title><link rel="stylesheet" href="/assets/index.css">' +
      '<link rel="modulepreload" crossorigin href="/assets/project.js"></head><body><div id="root"><main><h1>Mon projet</h1></main></div>' +
      '<script type="module" src="/assets/index.js"></script></body></html>',
  );
});

test('the state stays data whatever its strings hold, and reads back as it was', () => {
  const value = { title: 'Fin </script><script>alert(1)</script> <!-- & $& $1 \u2028' };
  const html = fillPageShell(SHELL, { rendered: '<p>$& $1</p>', preloads: [], state: { id: 'etat', value } });
  const element = /<script type="application\/json" id="etat">([\s\S]*?)<\/script>/.exec(html);
  // One element, closed where the shell closes it: nothing in the text ended it early.
  expect(html.match(/<script/g)).toHaveLength(2);
  expect(JSON.parse(element?.[1] ?? '')).toEqual(value);
  // `$&` in a page's text is text, not a replacement pattern.
  expect(html).toContain('<div id="root"><p>$& $1</p></div>');
});

test('the page session takes a time zone the runtime knows, and refuses anything else', () => {
  expect(PageSessionInputSchema.safeParse({ timeZone: 'America/Montreal' }).success).toBe(true);
  for (const timeZone of ['Mars/Olympus', '', 'x'.repeat(65), 42, '__proto__'])
    expect(PageSessionInputSchema.safeParse({ timeZone }).success).toBe(false);
});
