import { testStack } from './stack-env';

/**
 * The demo admin, editor and client signed in, beside a client of the suite's own who is party to
 * none of its projects; `removeOtherClient` deletes that account afterwards.
 */
export async function signInWithAnotherClient(emailPrefix: string) {
  const { accounts, signIn, keycloakAdmin } = testStack();
  const keycloak = keycloakAdmin();
  const otherEmail = `${emailPrefix}-${Date.now()}@rushflow.local`;
  const otherClientId = await keycloak.createUser({
    email: otherEmail,
    firstName: 'Autre',
    lastName: 'Cliente',
    password: 'Autre123!',
    emailVerified: true,
  });
  const removeOtherClient = () => keycloak.deleteUser(otherClientId).catch(() => undefined);
  try {
    const [admin, editor, client, otherClient] = await Promise.all([
      signIn(accounts.admin.email, accounts.admin.password),
      signIn(accounts.editor.email, accounts.editor.password),
      signIn(accounts.client.email, accounts.client.password),
      signIn(otherEmail, 'Autre123!'),
    ]);
    return { tokens: { admin, editor, client, otherClient }, removeOtherClient };
  } catch (error) {
    await removeOtherClient();
    throw error;
  }
}
