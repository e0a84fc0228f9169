import { loadConfig } from '../../api/config';

interface DemoAccount {
  id: string;
  email: string;
  password: string;
}

/** The running test stack, as `npm test` describes it to the suites through the environment. */
export function testStack() {
  const config = loadConfig();
  const accounts = JSON.parse(process.env.RUSHFLOW_ACCOUNTS ?? '{}') as Record<
    'admin' | 'editor' | 'client',
    DemoAccount
  >;
  if (!accounts.admin) throw new Error('RUSHFLOW_ACCOUNTS is not set: run the api tests through `npm test`.');
  return { config, accounts, appUrl: config.APP_URL };
}
