import { MESSAGES } from '../../domain/messages';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { openStream, type OpenedStream } from '../support/sse-reader';
import { testStack } from '../support/stack-env';

/**
 * How many live streams the api holds: one account opening stream after stream only ever holds
 * `LIVE_STREAMS_PER_ACCOUNT` (its oldest ends), and past the instance's `LIVE_STREAMS_MAX` a new
 * stream is refused before it starts. Real Keycloak tokens, the api in this process with a ceiling
 * of 8 so the test reaches it.
 */
jest.setTimeout(120_000);

const { config, accounts, signIn } = testStack();
const CEILING = 8;
let api: OwnApi;
const opened: OpenedStream[] = [];

async function open(token: string): Promise<OpenedStream> {
  const stream = await openStream(api.base, token);
  opened.push(stream);
  if (stream.status === 200) {
    await stream.waitFor((messages) => messages.some((message) => message.event === 'stream.ready'));
  }
  return stream;
}

beforeAll(async () => {
  api = await startOwnApi({ ...config, LIVE_STREAMS_MAX: CEILING });
});

afterAll(async () => {
  opened.forEach((stream) => stream.close());
  await api.close();
});

test('the 6th stream of one account closes its first, and only it', async () => {
  expect(config.LIVE_STREAMS_PER_ACCOUNT).toBe(5);
  const token = await signIn(accounts.client.email, accounts.client.password);
  const streams = [];
  for (let count = 0; count < 5; count += 1) streams.push(await open(token));
  expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
  expect(api.deps.events.hub.streamCount).toBe(5);

  const sixth = await open(token);
  expect(sixth.status).toBe(200);
  await streams[0].ended; // the test's timeout fails it should the first stay open
  expect(api.deps.events.hub.streamCount).toBe(5);
});

test('past the instance ceiling a new stream is refused with a 503 and a French message', async () => {
  // The client holds 5 streams since the test above; the editor fills the 3 places left.
  const token = await signIn(accounts.editor.email, accounts.editor.password);
  for (let count = 0; count < CEILING - 5; count += 1) expect((await open(token)).status).toBe(200);
  expect(api.deps.events.hub.streamCount).toBe(CEILING);

  const refused = await open(token);
  expect(refused.status).toBe(503);
  expect(refused.body).toEqual({ error: MESSAGES.serviceUnavailable });
  expect(refused.messages).toEqual([]);
  expect(api.deps.events.hub.streamCount).toBe(CEILING);
});
