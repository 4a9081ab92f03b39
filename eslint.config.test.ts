import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The house rules of eslint.config.js, proved by linting small snippets at
 * the paths they would have: a forbidden import fails the lint, an allowed
 * one passes.
 */

const eslint = new ESLint({ cwd: import.meta.dirname });

async function ruleErrors(rule: string, filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}

function importErrors(filePath: string, source: string): Promise<string[]> {
  return ruleErrors("no-restricted-imports", filePath, `${source}\nexport const used = value;\n`);
}

describe("house rules (no-restricted-imports)", () => {
  // ESLint loads its plugins on the first lint: seconds on a busy machine
  const timeout = 30_000;

  it.each([
    ["app/content/story.ts", 'import { value } from "react-router";', /knows Storyblok, not the router/],
    ["app/content/story.ts", 'import type { value } from "@react-router/dev/routes";', /not the router/],
    [
      "app/content/story.ts",
      'import { value } from "~/components/gallery/gallery";',
      /imports no routes, bloks or components/,
    ],
    [
      "app/content/schema/page.ts",
      'import { value } from "../../bloks/registry";',
      /imports no routes, bloks or components/,
    ],
    ["app/content/story.ts", 'import { value } from "~/routes/home";', /imports no routes, bloks or components/],
    ["app/components/card/card.tsx", 'import { value } from "~/bloks/header/header";', /import no bloks or routes/],
    ["app/components/card/card.tsx", 'import { value } from "../../routes/about";', /import no bloks or routes/],
    ["app/bloks/about/about.tsx", 'import { value } from "~/routing/root-data";', /import no routes/],
    [
      "app/routes/home.tsx",
      'import { value } from "../../content-server/query";',
      /shares no code with the content service/,
    ],
    ["app/routes/article.tsx", 'import { loadArticlePage as value } from "~/content/article";', /inside the function/],
    [
      "app/content/story.ts",
      'import { value } from "../../content-server/query";',
      /shares no code with the content service/,
    ],
    ["content-server/query.ts", 'import { value } from "../app/content/site";', /shares no code with the site/],
    ["content-server/query.ts", 'import { value } from "~/content/site";', /shares no code with the site/],
    ["app/routes/home.tsx", 'import { value } from "../../pipeline/csp";', /imports nothing from pipeline/],
    ["app/components/card/card.tsx", 'import { value } from "../../../site-server/site-server";', /imports nothing/],
    [
      "content-server/query.ts",
      'import { value } from "../pipeline/csp";',
      /imports nothing from the site's machinery/,
    ],
    ["release/layout.ts", 'import { value } from "../pipeline/html";', /imports none of the other folders' code/],
    ["release/layout.ts", 'import { value } from "../settings/defaults";', /imports none of the other folders' code/],
    ["app/content/site.ts", 'import { value } from "../../settings/defaults";', /imports nothing from pipeline/],
    [
      "release/release-info.ts",
      'import { value } from "../app/content/site";',
      /imports none of the other folders' code/,
    ],
    ["release/release-info.ts", 'import { value } from "~/content/site";', /imports none of the other folders' code/],
    [
      "release/headers-manifest.ts",
      'import { value } from "../site-server/static-files";',
      /imports none of the other folders' code/,
    ],
    [
      "settings/defaults.ts",
      'import { value } from "../content-server/settings";',
      /imports none of the other folders' code/,
    ],
    [
      "settings/env-variables.ts",
      'import { value } from "../pipeline/html";',
      /imports none of the other folders' code/,
    ],
    ["pipeline/csp.ts", 'import { value } from "../site-server/static-files";', /pipeline\/ is upstream/],
    ["pipeline/csp.ts", 'import { value } from "../live-update/update-plan";', /pipeline\/ is upstream/],
    ["pipeline/csp.ts", 'import { value } from "../test-support/processes";', /pipeline\/ is upstream/],
    ["pipeline/csp.test.ts", 'import { value } from "../test-support/read-load";', /pipeline\/ is upstream/],
    [
      "live-update/render-pages.ts",
      'import { value } from "../site-server/csp";',
      /used by site-server\/, never the other way/,
    ],
    ["site-server/main.ts", 'import { value } from "../tools/processes";', /imports no tools, bench or test support/],
    [
      "site-server/main.ts",
      'import { value } from "../content-server/settings";',
      /shares no code with the content service/,
    ],
    ["tools/start.ts", 'import { value } from "../test-support/run-e2e";', /import no bench or test support/],
    ["test-support/run-e2e.ts", 'import { value } from "../bench/report";', /imports nothing from bench/],
    [
      "app/components/card/card.tsx",
      'import { value } from "~/content/live-edits";',
      /a route applies the visual editor/,
    ],
    ["app/bloks/about/about.tsx", 'import { value } from "../../content/bridge";', /a route applies the visual editor/],
    [
      "app/components/card/card.tsx",
      'import { value } from "~/content/schema/values";',
      /schemas that parse raw stories/,
    ],
    [
      "app/components/card/card.tsx",
      'import type { ISbStoryData as value } from "@storyblok/react";',
      /rich text renderer only/,
    ],
    ["app/bloks/about/about.tsx", 'import { value } from "@storyblok/js";', /Storyblok's SDKs are app\/content's/],
  ])(
    "%s may not `%s`",
    async (filePath, source, message) => {
      const errors = await importErrors(filePath, source);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(message);
    },
    timeout,
  );

  it.each([
    ["app/content/story.ts", 'import { value } from "./schema/fields";'],
    ["app/content/story.ts", 'import { value } from "../ui-text";'],
    ["app/components/card/card.tsx", 'import { value } from "~/content/site";'],
    ["app/components/card/card.tsx", 'import type { Link as value } from "~/content/schema/values";'],
    ["app/components/card/card.tsx", 'import { StoryblokRichText as value } from "@storyblok/react";'],
    ["app/components/card/card.test.tsx", 'import { parseLink as value } from "~/content/schema/values";'],
    ["app/routes/index.tsx", 'import { useLiveView as value } from "~/content/live-edits";'],
    ["app/bloks/about/about.tsx", 'import { value } from "~/components/rich-text/rich-text";'],
    ["app/routes/home.tsx", 'import { value } from "~/bloks/header/header";'],
    ["app/routes/article.tsx", 'import { articleMeta as value } from "~/content/site";'],
    ["content-server/query.ts", 'import { value } from "./http-utils";'],
    ["release/layout.ts", 'import { value } from "./release-info";'],
    ["pipeline/csp.ts", 'import { value } from "../release/headers-manifest";'],
    ["site-server/static-files.ts", 'import { value } from "../release/served-files";'],
    ["content-server/query.ts", 'import { value } from "../release/served-files";'],
    ["content-server/settings.ts", 'import { value } from "../settings/env-variables";'],
    ["pipeline/build-settings.ts", 'import { value } from "../settings/env-variables";'],
    ["live-update/render-pages.ts", 'import { value } from "../pipeline/finish-pages";'],
    ["site-server/publisher.ts", 'import { value } from "../live-update/update-plan";'],
    ["site-server/static-files.ts", 'import { value } from "../pipeline/csp";'],
    ["tools/start.ts", 'import { value } from "../site-server/live-site";'],
    ["test-support/run-e2e.ts", 'import { value } from "../tools/processes";'],
    ["bench/main.ts", 'import { value } from "../test-support/ensure-chromium";'],
    // the temporary folder hook is every folder's tests'
    ["pipeline/csp.test.ts", 'import { value } from "../test-support/temp-dir";'],
    ["release/layout.test.ts", 'import { value } from "../test-support/temp-dir";'],
    ["app/content/story.server.test.ts", 'import { value } from "../../test-support/temp-dir";'],
    ["content-server/query.test.ts", 'import { value } from "../test-support/temp-dir";'],
  ])(
    "%s may `%s`",
    async (filePath, source) => {
      expect(await importErrors(filePath, source)).toEqual([]);
    },
    timeout,
  );
});

describe("components and bloks (no-restricted-syntax)", () => {
  const timeout = 30_000;

  it.each([
    ["app/components/card/card.tsx", 'export const load = () => import("~/content/article");'],
    ["app/bloks/about/about.tsx", 'export const load = () => import("../../content/article-index");'],
  ])(
    "%s may not load content code: `%s`",
    async (filePath, source) => {
      const errors = await ruleErrors("no-restricted-syntax", filePath, `${source}\n`);
      expect(errors).toEqual([expect.stringMatching(/they load no content code/)]);
    },
    timeout,
  );

  it(
    "may load a part of their own lazily",
    async () => {
      const source = 'export const load = () => import("./card-details");\n';
      expect(await ruleErrors("no-restricted-syntax", "app/components/card/card.tsx", source)).toEqual([]);
    },
    timeout,
  );
});

describe("route modules (no-restricted-syntax)", () => {
  const timeout = 30_000;

  it.each([
    "export function AboutBody() {\n  return null;\n}",
    'export const LOADING_TEXT = "Loading...";',
    "export class Helper {}",
  ])(
    "may not export `%s`",
    async (source) => {
      const errors = await ruleErrors("no-restricted-syntax", "app/routes/about.tsx", `${source}\n`);
      expect(errors).toEqual([expect.stringMatching(/only React Router's route exports/)]);
    },
    timeout,
  );

  it(
    "may export what React Router reads, and types",
    async () => {
      const source = [
        "export async function loader() {\n  return null;\n}",
        "export const meta = () => [];",
        "export function HydrateFallback() {\n  return null;\n}",
        "export interface PageData {\n  title: string;\n}",
        "export default function Page() {\n  return null;\n}",
      ].join("\n");
      expect(await ruleErrors("no-restricted-syntax", "app/routes/about.tsx", `${source}\n`)).toEqual([]);
    },
    timeout,
  );
});

describe("functions a reader can hold (max-lines-per-function)", () => {
  const timeout = 30_000;
  // a function of `lines` statements: two lines more, with its braces
  const functionOf = (lines: number) =>
    `export function long() {\n${Array.from({ length: lines }, (_, i) => `  console.info(${i});`).join("\n")}\n}\n`;

  it(
    "refuses a function over 60 lines, blank lines and comments not counted",
    async () => {
      expect(await ruleErrors("max-lines-per-function", "pipeline/html.ts", functionOf(58))).toEqual([]);
      const padded = functionOf(58).replace("{\n", "{\n\n  // a comment\n\n");
      expect(await ruleErrors("max-lines-per-function", "pipeline/html.ts", padded)).toEqual([]);
      expect(await ruleErrors("max-lines-per-function", "app/components/card/card.tsx", functionOf(59))).toEqual([
        expect.stringMatching(/too many lines \(61\)/),
      ]);
    },
    timeout,
  );

  it.each([
    "bench/sections/bundle.ts",
    "bench/sections/engines.ts",
    "bench/sections/growth.ts",
    "bench/sections/lighthouse.ts",
    "bench/sections/requests.ts",
    "bench/sections/service.ts",
  ])(
    "holds in the bench's section %s too (split: issue 43 item 4)",
    async (filePath) => {
      expect(await ruleErrors("max-lines-per-function", filePath, functionOf(59))).toEqual([
        expect.stringMatching(/too many lines \(61\)/),
      ]);
    },
    timeout,
  );

  it.each(["pipeline/html.test.ts", "app/bloks/header/header.test.tsx", "e2e/home.spec.ts"])(
    "lets the describe blocks of %s run long",
    async (filePath) => {
      expect(await ruleErrors("max-lines-per-function", filePath, functionOf(100))).toEqual([]);
    },
    timeout,
  );
});
