/**
 * Reading a medium's fragment back (lightbox-hash.ts writes them): what the
 * view's code needs, and only it. In a module of its own so that the code
 * every page with tiles loads first (their links, lightbox-hash.ts) does
 * not carry it.
 */

/** The 0-based index a fragment (`#media-3`, `#media-2-3`) names among the `count` media of grid `set`; else null. */
export function indexFromHash(hash: string | null | undefined, count: number, set = 1): number | null {
  const prefix = `#${set === 1 ? "media" : `media-${set}`}-`;
  if (!hash?.startsWith(prefix)) return null;
  const number = hash.slice(prefix.length);
  if (!/^[1-9]\d{0,5}$/.test(number)) return null;
  const index = Number(number) - 1;
  return index < count ? index : null;
}
