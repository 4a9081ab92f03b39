import * as v from "valibot";

/**
 * A JSON text our programs hand each other (a line of the build's events file, npm start's ready file), checked
 * against its schema; an error names `place`, says it is not `what`, and why: not JSON, or the first issue with
 * its path, with the start of the text.
 */
export function parseJsonWith<TSchema extends v.GenericSchema>(
  schema: TSchema,
  text: string,
  place: string,
  what: string,
): v.InferOutput<TSchema> {
  const excerpt = JSON.stringify(text.slice(0, 200));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${place} is not ${what}: not JSON: ${excerpt}`);
  }
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const key = v.getDotPath(issue);
  throw new Error(`${place} is not ${what}: ${key ? `${key}: ` : ""}${issue.message}: ${excerpt}`);
}
