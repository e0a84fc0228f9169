import { z } from 'zod';
import { zodResolver } from '../../frontend/src/lib/zod-resolver';

/** zod's own messages come out in French, in the forms (the resolver every form uses) as in the api. */

test("a form's check without a message of its own answers in French", async () => {
  const schema = z.object({ minutes: z.number(), email: z.email() });
  const resolve = zodResolver(schema);
  const result = await resolve({ minutes: 'dix', email: 'pas-une-adresse' } as never, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  expect(result.errors.minutes?.message).toMatch(/^Entrée invalide/);
  expect(result.errors.email?.message).toMatch(/invalide/);
  expect(JSON.stringify(result.errors)).not.toMatch(/Invalid|expected/);
});
