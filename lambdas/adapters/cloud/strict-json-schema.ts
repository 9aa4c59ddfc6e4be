import * as z from 'zod';

/** A strict-mode JSON schema from a zod schema: OpenAI wants no `$schema` key. */
export function strictJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return jsonSchema;
}
