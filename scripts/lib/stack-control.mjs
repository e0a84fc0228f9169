// Lets a test suite kill and restart the test stack's services (the chaos test): a small HTTP
// server on loopback only, beside the stack that `npm test` runs. Node built-ins only.
import http from 'node:http';

/**
 * Serves `POST /services/<name>/kill` (SIGKILL, waits until the process is gone) and
 * `POST /services/<name>/restart` (SIGKILL, then starts it again on the same data and ports,
 * answering once it is ready), each answered with `{ service, action, ms }`. Resolves to the
 * server's `url` and a `close()`.
 */
export async function startStackControl(services) {
  const server = http.createServer(async (req, res) => {
    const answer = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const match = /^\/services\/([A-Za-z0-9]+)\/(kill|restart)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return answer(404, { error: 'unknown request' });
    const [, name, action] = match;
    const service = Object.hasOwn(services, name) ? services[name] : undefined;
    if (!service) return answer(404, { error: `no service ${name} (known: ${Object.keys(services).join(', ')})` });
    const started = performance.now();
    try {
      await (action === 'kill' ? service.kill('SIGKILL') : service.restart());
      answer(200, { service: name, action, ms: Math.round(performance.now() - started) });
    } catch (error) {
      answer(500, { service: name, action, error: error instanceof Error ? error.message : String(error) });
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
