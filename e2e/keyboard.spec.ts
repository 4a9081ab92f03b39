import type { Page } from "@playwright/test";
import { categoryTags, homeHero, layoutExpectations } from "./content";
import { visit } from "./page-helpers";
import type { LayoutExpectations } from "./content";
import { createContentApi, expect, test } from "./fixtures";

/**
 * Keyboard use: the skip link comes first and moves focus to the main
 * content; the overlay menu keeps focus inside, closes on Escape and hands
 * focus back to the burger; the hero carousel follows the arrow keys; the
 * filter and tag pills are checkboxes that say whether they are checked;
 * every link, button and checkbox shows where the focus is (a checkbox on
 * the pill that draws it).
 */

test.describe.configure({ mode: "parallel" });

let layout: LayoutExpectations;
let slideCount = 0;
let filterTags: string[] = [];

test.beforeAll(async () => {
  const api = createContentApi();
  layout = await layoutExpectations(api);
  slideCount = homeHero(await api.story("home")).slides.length;
  filterTags = await categoryTags(api);
});

/** A description of the focused element, and whether it is inside `within` (a CSS selector). */
function focused(page: Page, within?: string) {
  return page.evaluate((selector) => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? "",
      href: element?.getAttribute("href") ?? null,
      label: element?.getAttribute("aria-label") ?? (element?.textContent ?? "").trim().slice(0, 40),
      inside: selector ? Boolean(element?.closest(selector)) : false,
      isMain: element === document.querySelector("main"),
    };
  }, within);
}

/** Presses Tab until `predicate` holds for the focused element (at most `max` times). */
async function tabTo(page: Page, predicate: () => Promise<boolean>, max = 15): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press("Tab");
    if (await predicate()) return;
  }
  throw new Error(`not reached with ${max} presses of Tab`);
}

test("the skip link is the first stop and moves the focus to the main content", async ({ page }) => {
  await visit(page, "/");
  await page.keyboard.press("Tab");
  const mainId = await page.getByRole("main").getAttribute("id");
  expect(mainId).toBe("main");
  const first = await focused(page);
  expect(first).toMatchObject({ tag: "a", href: `#${mainId}` });
  // visible while focused
  const skip = page.locator(`a[href="#${mainId}"]`);
  await expect(skip).toBeInViewport();

  await page.keyboard.press("Enter");
  await expect.poll(async () => (await focused(page)).isMain).toBe(true);
  // the next stop is inside the main content, past the header
  await page.keyboard.press("Tab");
  expect(await focused(page, "main")).toMatchObject({ inside: true });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the overlay menu keeps the focus inside, closes on Escape and gives the focus back to the burger", async ({
    page,
  }) => {
    await visit(page, "/");
    const burger = page.getByRole("banner").locator('button[popovertargetaction="show"]');
    await tabTo(page, async () => await burger.evaluate((element) => element === document.activeElement));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("banner").getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    await expect
      .poll(async () => (await focused(page, '[role="dialog"]')).inside, { message: "focus moves into the menu" })
      .toBe(true);

    const stops = await dialog.locator('a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])').count();
    expect(stops).toBeGreaterThanOrEqual(3);
    const seen = new Set<string>();
    for (let presses = 0; presses < stops * 2 + 1; presses++) {
      await page.keyboard.press("Tab");
      const now = await focused(page, '[role="dialog"]');
      expect(now.inside, `Tab ${presses + 1} stays in the menu`).toBe(true);
      seen.add(`${now.tag} ${now.href ?? ""} ${now.label}`);
    }
    expect(seen.size, "Tab visits every stop of the menu").toBe(stops);
    for (let presses = 0; presses < stops + 1; presses++) {
      await page.keyboard.press("Shift+Tab");
      expect((await focused(page, '[role="dialog"]')).inside, `Shift+Tab ${presses + 1} stays in the menu`).toBe(true);
    }
    await expect(dialog.getByRole("link", { name: layout.header.index.label, exact: true })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await expect(burger).toBeFocused();
  });
});

test("the hero carousel follows the arrow keys, Home and End", async ({ page }) => {
  expect(slideCount).toBeGreaterThanOrEqual(3);
  await visit(page, "/");
  const carousel = page.getByRole("main").locator('[aria-roledescription="carousel"]');
  const track = carousel.locator('[aria-roledescription="slide"]').first().locator("..");
  const dots = carousel.getByRole("group", { name: "Slides", exact: true }).getByRole("link");
  await tabTo(page, () => track.evaluate((element) => element === document.activeElement), 20);

  const current = () =>
    dots.evaluateAll((buttons) => buttons.findIndex((button) => button.getAttribute("aria-current") === "true"));
  const inView = (index: number) =>
    track.evaluate((element, wanted) => {
      const box = element.getBoundingClientRect();
      const slide = element.children[wanted]!.getBoundingClientRect();
      return slide.left >= box.left - 1 && slide.right <= box.right + 1;
    }, index);
  const expectSlide = async (index: number) => {
    await expect.poll(current).toBe(index);
    await expect.poll(() => inView(index)).toBe(true);
  };

  await expectSlide(0);
  await page.keyboard.press("ArrowRight");
  await expectSlide(1);
  await page.keyboard.press("ArrowRight");
  await expectSlide(2);
  await page.keyboard.press("ArrowLeft");
  await expectSlide(1);
  await page.keyboard.press("End");
  await expectSlide(slideCount - 1);
  await page.keyboard.press("ArrowRight");
  await expectSlide(slideCount - 1);
  await page.keyboard.press("Home");
  await expectSlide(0);
  await expect(track).toBeFocused();
  // at rest: the same position over three frames
  const rowAtRest = () =>
    track.evaluate(async (element) => {
      for (let still = 0, last = NaN; still < 3;) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        still = element.scrollLeft === last ? still + 1 : 0;
        last = element.scrollLeft;
      }
    });
  await rowAtRest();
  // A second key pressed in the frame where the dots first follow the row's smooth scroll to slide 2, while the
  // slide nearest the centre is still the first, goes on from slide 2, and the dot stays. Pressed in the page: a
  // key sent from here comes a round trip late, maybe once the row is past halfway.
  const beforeHalfway = await track.evaluate(async (element) => {
    const centre = (index: number) => {
      const slide = element.children[index] as HTMLElement;
      return slide.offsetLeft + slide.offsetWidth / 2;
    };
    const press = () =>
      element.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true, cancelable: true }));
    const secondKey = new Promise<boolean>((resolve) =>
      // added after the carousel's own listener: this frame callback runs after the one in which the dots follow
      element.addEventListener(
        "scroll",
        () =>
          requestAnimationFrame(() => {
            const halfway = element.scrollLeft + element.clientWidth / 2 >= (centre(0) + centre(1)) / 2;
            press();
            resolve(!halfway);
          }),
        { once: true },
      ),
    );
    press();
    return secondKey;
  });
  expect(beforeHalfway, "the second key came before the row was halfway").toBe(true);
  await expectSlide(2);
  await rowAtRest();
  expect(await current(), "once the row is there").toBe(2);
});

test("filter and tag pills are checkboxes that say whether they are checked, and toggle with Space", async ({
  page,
}) => {
  await visit(page, "/");
  const filter = page
    .getByRole("main")
    .getByRole("group", { name: "Projekte nach Kategorie filtern" })
    .getByRole("checkbox");
  await expect(filter).toHaveCount(filterTags.length);
  for (const box of await filter.all()) await expect(box).not.toBeChecked();
  const first = filter.first();
  await tabTo(page, () => first.evaluate((element) => element === document.activeElement), 40);
  await page.keyboard.press("Space");
  await expect(first).toBeChecked();
  await expect(page.getByRole("main").getByRole("checkbox", { name: filterTags[0], checked: true })).toHaveCount(1);
  await page.keyboard.press("Space");
  await expect(first).not.toBeChecked();

  await visit(page, layout.header.link.path);
  const pills = page.getByRole("main").getByRole("checkbox");
  expect(await pills.count()).toBeGreaterThan(0);
  for (const pill of await pills.all()) await expect(pill).not.toBeChecked();
  await pills.first().focus();
  await page.keyboard.press("Space");
  await expect(pills.first()).toBeChecked();
});

for (const route of ["home", "index", "about"] as const) {
  test(`${route}: every link and button shows a focus indicator when focused by keyboard`, async ({ page }) => {
    await visit(page, route === "index" ? layout.header.index.path : route === "about" ? layout.header.link.path : "/");
    // keyboard use first: focus from here on counts as keyboard focus (:focus-visible)
    await page.keyboard.press("Tab");
    const results = await page.evaluate(() => {
      /** The outlines and box shadows of the element and of its ::before and ::after boxes. */
      const rings = (element: Element) =>
        [null, "::before", "::after"].map((pseudo) => {
          const style = getComputedStyle(element, pseudo);
          if (pseudo && (style.content === "none" || style.content === "normal")) return "";
          const outline =
            style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1
              ? `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
              : "";
          const shadow = style.boxShadow !== "none" && style.boxShadow !== "" ? `shadow ${style.boxShadow}` : "";
          return `${outline} ${shadow}`.trim();
        });
      const controls = Array.from(
        document.querySelectorAll<HTMLElement>("a[href], button, [tabindex='0'], input[type='checkbox']"),
      ).filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
      });
      return controls.map((element) => {
        // an undrawn checkbox shows its focus on the pill (its label) that draws it
        const drawn = element instanceof HTMLInputElement ? (element.closest("label") ?? element) : element;
        element.blur();
        const before = rings(drawn);
        element.focus();
        const after = rings(drawn);
        const name = `${element.tagName.toLowerCase()} ${element.getAttribute("href") ?? ""} ${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}`;
        return {
          name,
          focused: document.activeElement === element,
          focusVisible: element.matches(":focus-visible"),
          // focus adds an outline or a shadow that was not there before
          indicator: after.some((ring, index) => ring !== "" && ring !== before[index]),
        };
      });
    });
    expect(results.length).toBeGreaterThan(5);
    const missing = results.filter((result) => !(result.focused && result.focusVisible && result.indicator));
    expect(missing, "controls without a visible keyboard focus indicator").toEqual([]);
  });
}
