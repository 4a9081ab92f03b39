import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { articlePath, builtArticle, layoutExpectations } from "./content";
import { scrollThrough, visit } from "./page-helpers";
import type { LayoutExpectations } from "./content";
import { createContentApi, expect, test } from "./fixtures";

/**
 * axe-core on every route at 1280 px and at 375 px, there with the header
 * menu closed and open: no violation of WCAG 2.0, 2.1 and 2.2 A and AA.
 * axe is evaluated into the page (not added as a <script>, which a content
 * security policy may refuse).
 */

test.describe.configure({ mode: "parallel" });

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

let layout: LayoutExpectations;
let articleRoute = "";

test.beforeAll(async () => {
  const api = createContentApi();
  layout = await layoutExpectations(api);
  articleRoute = articlePath((await builtArticle(api)).full_slug);
});

/** Lets the running finite animations (fades, entrances) end; the endless ones (the footer's wave) go on. */
async function finishAnimations(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
  });
}

/** Scrolls through the page (entrances, lazy media), back to the top, and lets finite animations end. */
async function settle(page: Page) {
  await scrollThrough(page);
  await finishAnimations(page);
}

async function axe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const runner = (
      window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await runner.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.map(String), failureSummary: node.failureSummary })),
    }));
  }, TAGS);
}

function describe(violations: Violation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .slice(0, 5)
          .map((node) => `    ${node.target.join(" ")}: ${(node.failureSummary ?? "").replace(/\s+/g, " ")}`)
          .join("\n")}`,
    )
    .join("\n");
}

async function expectNoViolations(page: Page, where: string) {
  const violations = await axe(page);
  expect(violations, `${where}:\n${describe(violations)}`).toEqual([]);
}

const routes = [
  { name: "home", path: () => "/" },
  { name: "index", path: () => layout.header.index.path },
  { name: "about", path: () => layout.header.link.path },
  { name: "imprint", path: () => layout.footer.imprint.path },
  { name: "an article", path: () => articleRoute },
  { name: "not found", path: () => "/e2e-no-such-page" },
  // the English pages
  { name: "English home", path: () => "/en" },
  { name: "English index", path: () => `/en${layout.header.index.path}` },
  { name: "English about", path: () => `/en${layout.header.link.path}` },
  { name: "English imprint", path: () => `/en${layout.footer.imprint.path}` },
  { name: "an English article", path: () => `/en${articleRoute}` },
  { name: "English not found", path: () => "/en/e2e-no-such-page" },
];

for (const route of routes) {
  test(`${route.name}: no WCAG A/AA violations at 1280 px, and at 375 px with the menu closed and open`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, route.path());
    await settle(page);
    await expectNoViolations(page, `${route.path()} at 1280 px`);

    await page.setViewportSize({ width: 375, height: 812 });
    await settle(page);
    await expectNoViolations(page, `${route.path()} at 375 px`);

    const burger = page.getByRole("banner").locator('button[popovertargetaction="show"]');
    await burger.click();
    await expect(page.getByRole("banner").getByRole("dialog")).toBeVisible();
    await expect(
      page.getByRole("dialog").getByRole("link", { name: layout.header.index.label, exact: true }),
    ).toBeVisible();
    await finishAnimations(page);
    await expectNoViolations(page, `${route.path()} at 375 px, menu open`);
  });
}
