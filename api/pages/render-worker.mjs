// The render of signed-in pages, in a thread of its own (api/pages/page-renderer.ts): React's render
// takes milliseconds of CPU the api's requests need, and the build's render is an ES module.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

// One import per thread: a new build gets a new thread (its lazy chunks import this same module).
const render = import(pathToFileURL(workerData.moduleFile).href);

parentPort.on('message', async ({ id, pathname, state }) => {
  try {
    const { renderSignedInPage } = await render;
    parentPort.postMessage({ id, html: await renderSignedInPage(pathname, state) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.stack ?? error) });
  }
});
