/**
 * Whether the rules before scripts hide an element (components/tag-filter/filter-before-hydration.tsx): `css`
 * holds one `selector{display:none}` rule a line, as the filters write them. jsdom's selectors lack
 * `:nth-child(n+B of S)`: a selector with one is matched without it, and then by counting the element's earlier
 * siblings that match S (the browser tests check the real thing).
 */
export function hiddenByRules(css: string, element: Element): boolean {
  return css
    .split("\n")
    .filter((rule) => rule.trim() !== "")
    .some((rule) => matchesSelector(element, rule.replace(/\{display:none\}$/, "")));
}

function matchesSelector(element: Element, selector: string): boolean {
  const at = selector.search(/:nth-child\(n\+\d+ of /);
  if (at < 0) return element.matches(selector);
  let end = at + ":nth-child(".length;
  for (let depth = 1; depth > 0; end += 1) depth += selector[end] === "(" ? 1 : selector[end] === ")" ? -1 : 0;
  const [, from, of] = /^:nth-child\(n\+(\d+) of (.*)\)$/.exec(selector.slice(at, end))!;
  if (!element.matches(selector.slice(0, at) + selector.slice(end)) || !element.matches(of!)) return false;
  let rank = 1;
  for (let sibling = element.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
    if (sibling.matches(of!)) rank += 1;
  }
  return rank >= Number(from);
}
