import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { z } from 'zod';

/** The api's refusal (api/middleware/errors.ts): the French message, and each refused field's. */
export interface ApiRefusal {
  error: string;
  fields?: Record<string, string>;
}

/**
 * A write the api accepts: each JSON body is checked with the api's own zod schema and kept in
 * `sent` (what the page sent, for the test to read), then answered with `answer(body)`. A body the
 * schema refuses gets the api's 400 with the schema's first message, so a page sending what the
 * api would refuse fails its test.
 */
export function accepting<Schema extends z.ZodType, Answer extends JsonBodyType>(
  method: 'post' | 'put',
  path: string,
  schema: Schema,
  answer: (body: z.input<Schema>) => { status?: number; json: Answer },
) {
  const sent: z.input<Schema>[] = [];
  const handler = http[method](path, async ({ request }) => {
    const body = (await request.json()) as z.input<Schema>;
    sent.push(body);
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      return HttpResponse.json<ApiRefusal>({ error: parsed.error.issues[0]?.message ?? '' }, { status: 400 });
    const { status = 200, json } = answer(body);
    return HttpResponse.json(json, { status });
  });
  return { handler, sent };
}

/** A write the api refuses with `refusal` (status 400 unless given); the bodies (`null` for none) are kept in `sent`. */
export function refusing(method: 'post' | 'put', path: string, refusal: ApiRefusal, status = 400) {
  const sent: unknown[] = [];
  const handler = http[method](path, async ({ request }) => {
    const text = await request.text();
    sent.push(text ? JSON.parse(text) : null);
    return HttpResponse.json<ApiRefusal>(refusal, { status });
  });
  return { handler, sent };
}
