import * as z from 'zod';

/** A strict-mode JSON schema from a zod schema: OpenAI wants no `$schema` key. */
export function strictJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return jsonSchema;
}

/**
 * The reply of a structured-output completion, checked against the schema it was asked for. `what` names the
 * request in the error ("prices analysis", "photo"); `Failure` is the adapter's own error class. A reply the
 * provider stopped at the request's token cap (finish_reason `length`) fails whole, even where what came is JSON:
 * a list cut short would be shown as all there is.
 */
export function structuredReply<T>(
  choice:
    | {
        readonly finish_reason: string | null;
        readonly message: { readonly content: string | null; readonly refusal: string | null };
      }
    | undefined,
  schema: z.ZodType<T>,
  what: string,
  Failure: new (message: string, options?: { cause?: unknown }) => Error,
): T {
  const message = choice?.message;
  if (message?.refusal) throw new Failure(`The model refused the ${what}`);
  if (choice?.finish_reason === 'length')
    throw new Failure(`The model's ${what} reply reached its token cap`);
  let reply: unknown;
  try {
    reply = JSON.parse(message?.content ?? '');
  } catch (error) {
    throw new Failure(`The model's ${what} reply is not JSON`, { cause: error });
  }
  const parsed = schema.safeParse(reply);
  if (!parsed.success) throw new Failure(`The model's ${what} reply does not fit the schema`);
  return parsed.data;
}
