import { tagToken } from "~/behaviours/tag-match";
import { useHydrated } from "~/hooks/use-hydrated";

export { tileTagsAttribute } from "~/behaviours/tag-match";

/**
 * A tag filter's job done by CSS until the page has hydrated: the pills
 * are checkboxes, so a tap checks one at once, and these rules show the
 * tiles the spec says (none checked: all; else the tiles having at least
 * one checked tag; the first `pageSize` of them where the list pages).
 * React takes over at hydration: the component renders nothing from then
 * on, and every rule requires the list to lack `data-hydrated`, because
 * the build moves the prerendered rules into the page's inline style,
 * where they stay.
 */

/** A CSS string; `<` escaped too, so no tag can end the `<style>` element it is in. */
export function cssString(value: string): string {
  let escaped = "";
  for (const character of value) {
    const code = character.codePointAt(0)!;
    const escape = code < 0x20 || code === 0x7f || character === "<" || character === ">";
    if (escape) escaped += `\\${code.toString(16)} `;
    else escaped += character === "\\" || character === '"' ? `\\${character}` : character;
  }
  return `"${escaped}"`;
}

/**
 * The rules reach the tiles by `~` from the holder, the element holding the checkboxes, which comes before the
 * tiles' list as its sibling or an ancestor's. They anchor no `:has()` on a common ancestor: Chromium checks an
 * ancestor's `:has()` again each time the parser inserts a node below it, and restyled every tile then, at each
 * chunk of HTML after the first paint (4x slowed CPU: 25-40 ms a chunk on the home page).
 */
export interface FilterRulesOptions {
  /** the pills' checkboxes, whose `value` is their tag */
  boxes: string;
  /**
   * the tiles as found after `holder ~ ` (each with a `data-tags` attribute, tileTagsAttribute), of this list
   * only where a page has several (another list's rules would hide these tiles by that list's tags); best by
   * child combinators: with a descendant one, matching a tile checks `:has()` on the earlier siblings of each
   * of its ancestors (selector stats on the home page: 2.0 against 6.5 ms a visit, decision 0006)
   */
  tiles: string;
  /** every tag a tile has */
  tags: readonly string[];
  /** show only this many matching tiles (the list's first page); all when unset */
  pageSize?: number;
  /**
   * A link to all tiles, for a page without scripts (where nothing adds the next pages): while the tiles' list,
   * whose id is `target` (letters, digits and hyphens), is the URL's fragment (`:target`), every matching tile
   * shows. `link` selects the link as found after `holder ~ `; it is inside an element after the list (its
   * `noscript`), and it hides once followed, and when a single checked tag has no more tiles than a page.
   */
  showAll?: { target: string; link: string };
}

export function filterBeforeHydrationCss(options: FilterRulesOptions): string {
  const { boxes, tiles, tags, pageSize, showAll } = options;
  const anyChecked = `:has(${boxes}:checked) ~ `;
  const uniqueTags = [...new Set(tags)];
  const matching = uniqueTags
    .map((tag) => `:has(${boxes}[value=${cssString(tag)}]:checked) ~ ${tiles}[data-tags~=${cssString(tagToken(tag))}]`)
    .join(",");
  const hidden = "{display:none}";
  const rules = [matching ? `${anyChecked}${tiles}:not(:is(${matching}))${hidden}` : `${anyChecked}${tiles}${hidden}`];
  if (pageSize !== undefined) {
    const beyondPage = `n+${pageSize + 1}`;
    // with the link to all tiles followed (the list is the fragment), no tile is beyond the page
    const notAll = showAll ? `:not(#${showAll.target}:target *)` : "";
    // none checked: no holder with a checked box before the tile (stated from the tile's side, so that it holds
    // also where no element holds boxes, a filter with no tags)
    rules.push(`${tiles}:nth-child(${beyondPage}):not(:is(${anyChecked}${tiles}))${notAll}${hidden}`);
    if (matching) rules.push(`${tiles}:nth-child(${beyondPage} of :is(${matching}))${notAll}${hidden}`);
    if (showAll) rules.push(...showAllRules(options, showAll, pageSize));
  }
  return rules.join("\n");
}

/**
 * The link to all tiles hides once followed, and while the one checked tag has no tiles beyond the first page
 * (a count each tag's tiles give; with several tags checked it stays, and shows them all).
 */
function showAllRules(
  { boxes, tags }: FilterRulesOptions,
  { target, link }: NonNullable<FilterRulesOptions["showAll"]>,
  pageSize: number,
): string[] {
  const counts = new Map<string, number>();
  for (const tag of tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const fewTags = [...counts].filter(([, count]) => count <= pageSize).map(([tag]) => tag);
  const rules = [`${link}:is(#${target}:target ~ * *){display:none}`];
  for (const tag of fewTags) {
    const value = `[value=${cssString(tag)}]`;
    rules.push(`:has(${boxes}${value}:checked):not(:has(${boxes}:checked:not(${value}))) ~ ${link}{display:none}`);
  }
  return rules;
}

/**
 * The rules as a `<style>` in the prerendered page, until hydration. The
 * build moves every `<style>` into the head's critical CSS (hashed into
 * the page's CSP), so it comes as inner HTML of a wrapper: React does not
 * compare inner HTML when it hydrates, and it adds no `<style>` on a
 * client navigation, where the CSP would refuse it.
 */
export function FilterBeforeHydration(options: FilterRulesOptions) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  const css = filterBeforeHydrationCss(options);
  return <div hidden dangerouslySetInnerHTML={{ __html: `<style>${css}</style>` }} />;
}
