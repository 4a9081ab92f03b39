import { invalidParameter } from "./errors";

/**
 * `*` wildcards as Storyblok reads them in `by_slugs`, `excluding_slugs` and
 * `filter_query[..][like]` (any run of characters, `/` included), matched in
 * time linear in the text: the literal parts between the stars are found
 * left to right with Knuth-Morris-Pratt, so no input backtracks. A regular
 * expression built from the pattern (`^a.*b.*c$`) takes minutes for a few
 * stars against a long text.
 */

/** Longest pattern accepted; longer ones are a 422. */
export const MAX_PATTERN_LENGTH = 255;

export type Matcher = (text: string) => boolean;

/** Knuth-Morris-Pratt failure table: the longest proper border of each prefix. */
function borders(part: string): Int32Array {
  const table = new Int32Array(part.length);
  for (let i = 1, k = 0; i < part.length; i++) {
    while (k > 0 && part[i] !== part[k]) k = table[k - 1] as number;
    if (part[i] === part[k]) k++;
    table[i] = k;
  }
  return table;
}

/** Where `part` first occurs in text[from, to), or -1. */
function find(text: string, part: string, table: Int32Array, from: number, to: number): number {
  for (let i = from, k = 0; i < to; i++) {
    while (k > 0 && text[i] !== part[k]) k = table[k - 1] as number;
    if (text[i] === part[k]) k++;
    if (k === part.length) return i - k + 1;
  }
  return -1;
}

export function compileWildcard(pattern: string, parameter: string): Matcher {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw invalidParameter(`A pattern in ${parameter} is longer than ${MAX_PATTERN_LENGTH} characters`);
  }
  const parts = pattern.split("*");
  if (parts.length === 1) return (text) => text === pattern;
  const head = parts[0] as string;
  const tail = parts[parts.length - 1] as string;
  const middle = parts
    .slice(1, -1)
    .filter((part) => part !== "")
    .map((part) => ({ part, table: borders(part) }));
  return (text) => {
    const end = text.length - tail.length;
    if (end < head.length || !text.startsWith(head) || !text.endsWith(tail)) return false;
    // the leftmost match of each part leaves the most room for the next one
    let at = head.length;
    for (const { part, table } of middle) {
      const found = find(text, part, table, at, end);
      if (found === -1) return false;
      at = found + part.length;
    }
    return true;
  };
}
