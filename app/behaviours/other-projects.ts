/**
 * SPEC 2's two random "Other Projects", drawn before the first paint. The
 * prerendered article carries the whole pool in its list, the first two
 * marked `data-picked` (what shows without scripts); the stylesheet shows
 * only the picked ones. Right after the list is an empty hidden holder
 * (`[data-behaviour~="other-projects"]`), into which the build puts
 * OTHER_PROJECTS_DRAW_SCRIPT as a plain inline script (pipeline/islands.ts):
 * the parser runs it before anything below it, so before the first paint
 * that shows the list; React leaves the holder's content alone when it
 * hydrates. The draw is the same partial Fisher-Yates shuffle as
 * app/content/other-projects.ts's pickOtherProjects, over the items.
 */

/** How many are shown (the content's OTHER_PROJECTS_COUNT; a unit test holds them equal). */
export const DRAWN = 2;

/** Marks `DRAWN` of the list's items `data-picked`, at random, and no others. */
export function drawOtherProjects(list: Element, random: () => number = Math.random): void {
  const items = [...list.children];
  const order = items.map((_, index) => index);
  for (const item of items) item.removeAttribute("data-picked");
  for (let i = 0; i < DRAWN && i < order.length; i++) {
    const j = i + Math.floor(random() * (order.length - i));
    [order[i], order[j]] = [order[j]!, order[i]!];
    items[order[i]!]!.setAttribute("data-picked", "");
  }
}

/**
 * The draw as the plain script the build writes into the holder after the list (the list is the holder's previous
 * sibling): the function above as a fixed text, whose hash the page's CSP carries (a unit test runs both on the
 * same numbers).
 */
export const OTHER_PROJECTS_DRAW_SCRIPT =
  "(()=>{const items=[...document.currentScript.parentElement.previousElementSibling.children],order=items.map((_,i)=>i);" +
  'for(const item of items)item.removeAttribute("data-picked");' +
  `for(let i=0;i<${DRAWN}&&i<order.length;i++){` +
  "const j=i+Math.floor(Math.random()*(order.length-i));[order[i],order[j]]=[order[j],order[i]];" +
  'items[order[i]].setAttribute("data-picked","")}})()';
