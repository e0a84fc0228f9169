import type { QueryClient } from '@tanstack/react-query';
import { emailTestsQuery } from '@/features/email-test/api/email-tests';
import { sessionCanSee } from '@/lib/authorization';
import { prefetch } from '@/lib/react-query';

export { EmailTestPage as Component } from '@/features/email-test/components/email-test-page';

/** The results and the technical notes, once the session is known and only for an admin. */
export const clientLoader = (queryClient: QueryClient) => async () => {
  if (!(await sessionCanSee(['admin']))) return null;
  await prefetch(queryClient, emailTestsQuery());
  return null;
};
