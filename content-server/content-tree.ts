/** Content trees: the JSON of a story's content, bloks and fields nested in objects and arrays. */

/** Visits every object in a content tree, parents first; past 64 levels it stops. */
export function walk(node: unknown, visit: (obj: Record<string, unknown>) => void, depth = 0): void {
  if (depth > 64 || node === null || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit, depth + 1);
    return;
  }
  const obj = node as Record<string, unknown>;
  visit(obj);
  for (const key in obj) {
    const value = obj[key];
    if (value !== null && typeof value === "object") walk(value, visit, depth + 1);
  }
}
