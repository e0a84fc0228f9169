import { DefaultLogger, Runtime } from '@temporalio/worker';

// Workers created by tests log warnings and errors only; the runtime is process-wide, so a second
// test file in the same process finds it installed already.
try {
  Runtime.install({ logger: new DefaultLogger('WARN') });
} catch {
  /* already installed by an earlier test file */
}
