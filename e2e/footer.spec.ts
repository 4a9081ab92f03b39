import type { Page } from "@playwright/test";
import { layoutExpectations, normalise } from "./content";
import { visit } from "./page-helpers";
import type { LayoutExpectations } from "./content";
import { createContentApi, expect, test } from "./fixtures";

/**
 * SPEC section 2, Footer: text, imprint link (path from content), mailto
 * link, social link in a new tab, copyright, the very large logo word whose
 * letters animate their weight in a wave (6 s cycle, 150 ms per letter,
 * 300 -> 500), and the pink background on /about.
 */

/** SPEC section 9: #F388CC. */
const PINK = "rgb(243, 136, 204)";

let layout: LayoutExpectations;

test.beforeAll(async () => {
  layout = await layoutExpectations(createContentApi());
});

function footer(page: Page) {
  return page.getByRole("contentinfo");
}

test("shows the footer story's text, copyright and links", async ({ page }) => {
  await visit(page, "/");
  const root = footer(page);
  for (const line of layout.footer.text.split("\n").map(normalise).filter(Boolean))
    await expect(root).toContainText(line);
  await expect(root).toContainText(layout.footer.copyright);

  const address = layout.footer.email.email || layout.footer.email.url || layout.footer.email.cached_url || "";
  expect(address, "the footer story has an email link").not.toBe("");
  await expect(root.locator(`a[href="mailto:${address.replace(/^mailto:/i, "")}"]`)).toBeVisible();

  const social = root.locator(`a[href="${layout.footer.social.url}"]`);
  await expect(social).toBeVisible();
  await expect(social).toHaveAttribute("target", "_blank");
  const rel = (await social.getAttribute("rel")) ?? "";
  expect(rel.split(/\s+/)).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
});

test("the imprint link goes to the path from the footer story", async ({ page, contentApi }) => {
  const imprintStory = await contentApi.story(layout.footer.imprint.path.replace(/^\//, ""));
  // not from /: its gallery loads more tiles as the footer nears, moving the link away mid-click
  await visit(page, "/index");
  const imprint = footer(page).getByRole("link", { name: layout.footer.imprint.label, exact: true });
  await expect(imprint).toHaveAttribute("href", layout.footer.imprint.path);
  await imprint.click();
  await expect(page).toHaveURL(layout.footer.imprint.path);
  // the imprint's own heading (its story's name): the index's stays in `main` until the imprint renders
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(imprintStory.name);
});

test("the logo word's letters run a 6 s weight wave, 150 ms apart", async ({ page }) => {
  await visit(page, "/");
  const word = footer(page).getByRole("img", { name: layout.footer.logoBig, exact: true });
  await expect(word).toBeVisible();
  const readLetters = () =>
    word.evaluate((element) => {
      const animated = [...element.querySelectorAll<HTMLElement>("*")].filter(
        (node) => getComputedStyle(node).animationName !== "none",
      );
      return animated.map((node) => {
        const style = getComputedStyle(node);
        const animations = node.getAnimations();
        const effect = animations[0]?.effect;
        const keyframes = effect instanceof KeyframeEffect ? effect.getKeyframes() : [];
        return {
          text: node.textContent ?? "",
          delay: style.animationDelay,
          duration: style.animationDuration,
          iterations: style.animationIterationCount,
          running: animations.some((animation) => animation.playState === "running"),
          weights: keyframes.map((frame) => String(frame.fontWeight ?? frame["font-weight"] ?? "")),
        };
      });
    });
  // The wave runs only while the word is in or near the viewport, and the gallery
  // above pages in more tiles as the page scrolls down, pushing the footer away:
  // scroll to the word until it stays in view and its letters run.
  let letters: Awaited<ReturnType<typeof readLetters>> = [];
  await expect
    .poll(
      async () => {
        await word.scrollIntoViewIfNeeded();
        letters = await readLetters();
        return letters.length > 0 && letters.every((letter) => letter.running);
      },
      { message: "the letters wave once the word is in view", timeout: 20_000 },
    )
    .toBe(true);
  const expectedLetters = Array.from(layout.footer.logoBig);
  expect(letters.map((letter) => letter.text)).toEqual(expectedLetters);
  letters.forEach((letter, index) => {
    expect(parseFloat(letter.delay) * (letter.delay.endsWith("ms") ? 1 : 1000), `letter ${index} delay`).toBeCloseTo(
      index * 150,
      3,
    );
    expect(letter.duration).toBe("6s");
    expect(letter.iterations).toBe("infinite");
    expect(letter.running, `letter ${index} is animating`).toBe(true);
    expect(letter.weights).toEqual(expect.arrayContaining(["300", "500"]));
  });
});

test("the footer is pink on /about only", async ({ page }) => {
  const background = () => footer(page).evaluate((element) => getComputedStyle(element).backgroundColor);
  await visit(page, "/");
  expect(await background()).not.toBe(PINK);
  await visit(page, "/about");
  await expect.poll(background).toBe(PINK);
  await footer(page).getByRole("link", { name: layout.footer.imprint.label, exact: true }).click();
  await expect(page).toHaveURL(layout.footer.imprint.path);
  await expect.poll(background).not.toBe(PINK);
});
