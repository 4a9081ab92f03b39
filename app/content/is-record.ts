/** A plain object (not null, not an array): the shape of a blok, a story, an answer. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
