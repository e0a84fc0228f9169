import { Writable } from 'node:stream';
import { createLogger } from '../../observability/logger';
import { PinoTemporalLogger } from '../../observability/temporal-logger';

/** A logger at `level` whose lines are kept, parsed, in `lines`. */
function capture(level = 'INFO') {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString('utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      );
      done();
    },
  });
  return { logger: createLogger('api', { level, destination }), lines };
}

test('a line is JSON with time, level, service and message, from LOG_LEVEL up', () => {
  const { logger, lines } = capture('WARN');
  logger.info({ briefId: 'b1' }, 'not written');
  logger.warn({ briefId: 'b1' }, 'written');
  expect(lines).toEqual([
    expect.objectContaining({ level: 'warn', service: 'api', msg: 'written', briefId: 'b1', time: expect.any(String) }),
  ]);
});

test('personal fields are censored and addresses masked, in fields, messages and errors', () => {
  const { logger, lines } = capture();
  logger.info(
    { email: 'camille@example.com', user: { firstName: 'Camille' }, note: 'de camille@example.com' },
    'pour camille@example.com',
  );
  const refusal = Object.assign(new Error("550 <camille@example.com>: Recipient address rejected, value 'Durand'"), {
    code: 'EENVELOPE',
  });
  logger.error({ err: refusal }, 'mail failed');
  const text = JSON.stringify(lines);
  expect(text).not.toMatch(/camille@example\.com|Camille|Durand/);
  expect(lines[0]).toMatchObject({ email: '[redacted]', user: { firstName: '[redacted]' }, msg: 'pour [email]' });
  expect(lines[1].err).toMatchObject({
    type: 'Error',
    code: 'EENVELOPE',
    detail: '550 <[email]>: Recipient address rejected, value …',
  });
});

test('an accented address is masked; a stack frame in a scoped package is not taken for one', () => {
  const { logger, lines } = capture();
  const failure = new Error('refusé pour léa.martin+devis@exemple.fr');
  failure.stack = `Error: refusé\n    at executeTransactionFlow (/app/node_modules/@mikro-orm/core/utils/TransactionManager.js:219:21)`;
  logger.error({ err: failure }, 'write failed');
  expect(JSON.stringify(lines)).not.toContain('léa.martin');
  expect(lines[0].err).toMatchObject({
    detail: 'refusé pour [email]',
    frames: ['at executeTransactionFlow (/app/node_modules/@mikro-orm/core/utils/TransactionManager.js:219:21)'],
  });
});

test('the Temporal SDK’s lines keep the workflow’s and activity’s ids, without the task token', () => {
  const { logger, lines } = capture();
  new PinoTemporalLogger(logger).info('editor assigned', {
    workflowId: 'project-1',
    workflowType: 'ProjectWorkflow',
    activityType: 'assignEditor',
    activityId: '3',
    taskToken: 'opaque',
  });
  expect(lines[0]).toMatchObject({
    msg: 'editor assigned',
    workflowId: 'project-1',
    workflowType: 'ProjectWorkflow',
    activityType: 'assignEditor',
    activityId: '3',
  });
  expect(lines[0]).not.toHaveProperty('taskToken');
});
