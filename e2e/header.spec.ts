import type { Locator, Page } from "@playwright/test";
import { layoutExpectations } from "./content";
import { rootOverflowY, visit } from "./page-helpers";
import type { LayoutExpectations } from "./content";
import { createContentApi, expect, test } from "./fixtures";

/**
 * SPEC section 2, Header: links from the header story, the current page's
 * link underlined and uppercase, the burger menu at <= 768 px, the header at
 * the bottom at <= 480 px, the logo height as a share of the window height
 * per band, and the orange variant on /about.
 */

/** SPEC section 9: the orange variant colour, #F388CC. */
const ORANGE = "rgb(243, 136, 204)";

/** SPEC: logo height / window height, per width band. */
const bands = [
  { width: 1280, height: 900, logoShare: 0.027, burger: false, bottom: false },
  { width: 1024, height: 900, logoShare: 0.02, burger: false, bottom: false },
  { width: 768, height: 1024, logoShare: 0.022, burger: true, bottom: false },
  { width: 480, height: 850, logoShare: 0.0255, burger: true, bottom: true },
  { width: 375, height: 812, logoShare: 0.0255, burger: true, bottom: true },
];

let layout: LayoutExpectations;

test.beforeAll(async () => {
  layout = await layoutExpectations(createContentApi());
});

function header(page: Page): Locator {
  return page.getByRole("banner");
}

function barLink(page: Page, label: string): Locator {
  return header(page).getByRole("navigation").first().getByRole("link", { name: label, exact: true });
}

function overlay(page: Page): Locator {
  return header(page).getByRole("dialog");
}

async function linkStyle(link: Locator) {
  return link.evaluate((element) => {
    const style = getComputedStyle(element);
    return { decoration: style.textDecorationLine, transform: style.textTransform };
  });
}

async function expectActive(link: Locator, active: boolean) {
  const style = await linkStyle(link);
  if (active) {
    expect(style.decoration).toContain("underline");
    expect(style.transform).toBe("uppercase");
    await expect(link).toHaveAttribute("aria-current", "page");
  } else {
    expect(style.decoration).not.toContain("underline");
    expect(style.transform).not.toBe("uppercase");
  }
}

for (const band of bands) {
  test.describe(`at ${band.width} px`, () => {
    test.use({ viewport: { width: band.width, height: band.height } });

    test("logo links home and its height is the band's share of the window height", async ({ page }) => {
      await visit(page, "/");
      const logoLink = header(page).locator('a[href="/"]').first();
      await expect(logoLink).toBeVisible();
      const logo = logoLink.locator("img");
      await expect(logo).toBeVisible();
      const alt = layout.header.logo.alt ?? "";
      expect(alt, "the demo's logo has an alt text").not.toBe("");
      await expect(logo).toHaveAttribute("alt", alt);
      const share = await logo.evaluate((img) => img.getBoundingClientRect().height / window.innerHeight);
      expect(share).toBeGreaterThan(band.logoShare - 0.001);
      expect(share).toBeLessThan(band.logoShare + 0.001);
    });

    test(`header sits at the ${band.bottom ? "bottom" : "top"} of the window`, async ({ page }) => {
      await visit(page, "/imprint");
      const box = await header(page).evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom, innerHeight: window.innerHeight };
      });
      const edgeDistance = band.bottom ? box.innerHeight - box.bottom : box.top;
      expect(Math.abs(edgeDistance)).toBeLessThanOrEqual(1);
      expect(box.top > box.innerHeight / 2, "in the window's lower half").toBe(band.bottom);
    });

    if (band.bottom) {
      test("the bottom header stays there while the page scrolls", async ({ page }) => {
        await visit(page, "/imprint");
        const top = () => header(page).evaluate((element) => element.getBoundingClientRect().top);
        const before = await top();
        const scrollEnd = await page.evaluateHandle(() => ({
          scrolled: new Promise<number>((resolve) =>
            window.addEventListener("scrollend", () => resolve(window.scrollY), { once: true }),
          ),
        }));
        await page.mouse.wheel(0, 600);
        expect(await scrollEnd.evaluate((end) => end.scrolled), "the page scrolled").toBeGreaterThan(0);
        expect(Math.abs((await top()) - before)).toBeLessThanOrEqual(1);
      });
    }

    if (!band.burger) {
      test("shows the links from the header story and marks the current page", async ({ page }) => {
        await visit(page, layout.header.index.path);
        const index = barLink(page, layout.header.index.label);
        const second = barLink(page, layout.header.link.label);
        await expect(index).toBeVisible();
        await expect(second).toBeVisible();
        await expect(index).toHaveAttribute("href", layout.header.index.path);
        await expect(second).toHaveAttribute("href", layout.header.link.path);
        await expect(header(page).locator('button[popovertargetaction="show"]')).toBeHidden();
        await expectActive(index, true);
        await expectActive(second, false);

        // following the link moves the mark (whether the browser loads the page or a hydrated page renders it)
        await second.click();
        await expect(page).toHaveURL(layout.header.link.path);
        await expect(second).toHaveAttribute("aria-current", "page");
        await page.mouse.move(0, band.height - 1);
        await expectActive(second, true);
        await expectActive(index, false);
      });
    } else {
      test("hides the links behind a burger that opens and closes the overlay", async ({ page }) => {
        await visit(page, "/");
        await expect(barLink(page, layout.header.index.label)).toBeHidden();
        const burger = header(page).locator('button[popovertargetaction="show"]');
        await expect(burger).toBeVisible();
        await expect(burger).toHaveAttribute("aria-expanded", "false");
        await expect(overlay(page)).toBeHidden();
        // the page behind the open menu does not scroll (header.module.css)
        expect(await rootOverflowY(page)).not.toBe("hidden");

        await burger.click();
        await expect(burger).toHaveAttribute("aria-expanded", "true");
        await expect(overlay(page)).toBeVisible();
        // by the head script's mark (app/behaviours/menu.ts), not the `:has()` kept for pages without scripts
        await expect(page.locator("html")).toHaveAttribute("data-menu", "open");
        await expect.poll(() => rootOverflowY(page)).toBe("hidden");
        // full screen
        const box = await overlay(page).boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(band.width - 1);
        expect(box?.height).toBeGreaterThanOrEqual(band.height - 1);
        const overlayIndex = overlay(page).getByRole("link", { name: layout.header.index.label, exact: true });
        const overlaySecond = overlay(page).getByRole("link", { name: layout.header.link.label, exact: true });
        await expect(overlayIndex).toHaveAttribute("href", layout.header.index.path);
        await expect(overlaySecond).toHaveAttribute("href", layout.header.link.path);

        await overlay(page).getByRole("button").click();
        await expect(overlay(page)).toBeHidden();
        await expect(burger).toHaveAttribute("aria-expanded", "false");
        await expect(page.locator("html")).toHaveAttribute("data-menu", "closed");
        await expect.poll(() => rootOverflowY(page)).not.toBe("hidden");
      });

      test("choosing a link in the overlay navigates and closes it, and marks the page", async ({ page }) => {
        await visit(page, "/");
        await header(page).locator('button[popovertargetaction="show"]').click();
        await expect(overlay(page)).toBeVisible();
        await overlay(page).getByRole("link", { name: layout.header.index.label, exact: true }).click();
        await expect(page).toHaveURL(layout.header.index.path);
        await expect(overlay(page)).toBeHidden();

        await header(page).locator('button[popovertargetaction="show"]').click();
        const current = overlay(page).getByRole("link", { name: layout.header.index.label, exact: true });
        await expect(current).toHaveAttribute("aria-current", "page");
        await page.mouse.move(0, 0);
        await expectActive(current, true);
        await expectActive(overlay(page).getByRole("link", { name: layout.header.link.label, exact: true }), false);
      });
    }
  });
}

test.describe("icons written into the page", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the logo and the burger paint from the page itself: no request for their files", async ({ page }) => {
    const svgRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".svg")) svgRequests.push(request.url());
    });
    await visit(page, "/");
    const logo = header(page).locator('a[href="/"] img');
    const burger = header(page).locator('button[popovertargetaction="show"] img');
    for (const icon of [logo, burger]) {
      await expect(icon).toHaveAttribute("src", /^data:image\/svg\+xml,/);
      // decoded and drawn at its size
      expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    const logoFile = new URL(layout.header.logo.filename ?? "", "http://any").pathname;
    expect(logoFile).toMatch(/\.svg$/);
    expect(svgRequests.filter((url) => url.endsWith(logoFile))).toEqual([]);
  });
});

test.describe("orange variant", () => {
  test("is on at /about and off after leaving it", async ({ page }) => {
    await visit(page, "/about");
    const background = () => header(page).evaluate((element) => getComputedStyle(element).backgroundColor);
    await expect.poll(background).toBe(ORANGE);
    await barLink(page, layout.header.index.label).click();
    await expect(page).toHaveURL(layout.header.index.path);
    await expect.poll(background).not.toBe(ORANGE);
  });

  test("is off on the other pages", async ({ page }) => {
    for (const path of ["/", "/index", "/imprint"]) {
      await visit(page, path);
      const background = await header(page).evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(background, path).not.toBe(ORANGE);
    }
  });
});
