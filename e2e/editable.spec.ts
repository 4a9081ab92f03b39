import type { Locator } from "@playwright/test";
import { body, firstBody, htmlAttributeValues, visit } from "./content";
import type { Blok } from "./content";
import { expect, test } from "./fixtures";
import type { StoryJson } from "./fixtures";

/**
 * In preview (a draft build, the e2e default) the content service answers
 * drafts with Storyblok's `_editable` on every blok, so the bloks that are
 * editable in the visual editor carry the attributes production gets:
 * `data-blok-c` (the comment's JSON) and `data-blok-uid` (`{story id}-{_uid}`),
 * in the prerendered HTML and after hydration.
 */

/** What Storyblok's SDK makes of a blok's `_editable` (storyblokEditable). */
function expectedAttributes(story: StoryJson, blok: Blok): { c: Record<string, string>; uid: string } {
  const comment = String(blok._editable ?? "");
  expect(comment, `${String(blok.component)} has _editable in the draft`).toMatch(/^<!--#storyblok#\{.*\}-->$/);
  const c = JSON.parse(comment.replace(/^<!--#storyblok#/, "").replace(/-->$/, "")) as Record<string, string>;
  expect(c).toEqual({ name: blok.component, space: expect.any(String), uid: blok._uid, id: String(story.id) });
  return { c, uid: `${story.id}-${String(blok._uid)}` };
}

async function expectEditable(element: Locator, expected: { c: Record<string, string>; uid: string }) {
  await expect(element).toHaveAttribute("data-blok-uid", expected.uid);
  expect(JSON.parse((await element.getAttribute("data-blok-c")) ?? "null")).toEqual(expected.c);
}

test("in preview, the header, footer, hero and gallery carry the visual editor's attributes", async ({
  page,
  request,
  contentApi,
}) => {
  const [header, footer, home] = await Promise.all([
    contentApi.story("header"),
    contentApi.story("footer"),
    contentApi.story("home"),
  ]);
  const [hero, gallery] = body(home);
  const expected = {
    header: expectedAttributes(header, firstBody(header)),
    footer: expectedAttributes(footer, firstBody(footer)),
    hero: expectedAttributes(home, hero!),
    gallery: expectedAttributes(home, gallery!),
  };

  // prerendered: the attributes are in the HTML before any script runs
  const html = await (await request.get("/")).text();
  const uids = htmlAttributeValues(html, "data-blok-uid");
  expect(uids).toEqual(expect.arrayContaining(Object.values(expected).map((e) => e.uid)));

  await visit(page, "/");
  await expectEditable(page.getByRole("banner"), expected.header);
  await expectEditable(page.getByRole("contentinfo"), expected.footer);
  const main = page.getByRole("main");
  await expectEditable(main.locator(`[data-blok-uid="${expected.hero.uid}"]`), expected.hero);
  await expectEditable(main.locator(`[data-blok-uid="${expected.gallery.uid}"]`), expected.gallery);
  // the hero wrapper holds the hero, the gallery wrapper the gallery's links
  await expect(main.locator(`[data-blok-uid="${expected.hero.uid}"] :is(img, video)`).first()).toBeAttached();
  await expect(main.locator(`[data-blok-uid="${expected.gallery.uid}"] a[href]`).first()).toBeAttached();
});
