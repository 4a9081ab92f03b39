import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import playwright from "eslint-plugin-playwright";
import vitest from "@vitest/eslint-plugin";
import tseslint from "typescript-eslint";

/**
 * test-support/ in an import restriction, but for its temporary folder hook, which the tests of every folder
 * share (a vitest hook: it runs only in a test).
 */
const TEST_SUPPORT = "test-support(?!/temp-dir$)";

/** Import restrictions by folder (no-restricted-imports); `~/` is app/, relative paths are matched by their folder names. */
const houseRules = {
  serviceOwnCode: {
    regex: "^(~/|(\\.\\./)+app(/|$))",
    message: "content-server/ is a program of its own: it shares no code with the site (app/).",
  },
  siteOwnCode: {
    regex: "(^|/)content-server(/|$)",
    message: "The site (app/) shares no code with the content service (content-server/).",
  },
  siteWithoutMachinery: {
    regex: `(^|/)(pipeline|live-update|site-server|tools|bench|${TEST_SUPPORT}|settings)(/|$)`,
    message:
      "The site (app/) is what the machinery builds and serves: it imports nothing from pipeline/, live-update/, site-server/, tools/, bench/, test-support/ or settings/.",
  },
  serviceWithoutMachinery: {
    regex: `(^|/)(pipeline|live-update|site-server|tools|bench|${TEST_SUPPORT})(/|$)`,
    message: "content-server/ is a program of its own: it imports nothing from the site's machinery.",
  },
  releaseIsOnlyTheFormat: {
    regex: `^~/|(^|/)(app|pipeline|live-update|site-server|content-server|tools|bench|${TEST_SUPPORT}|e2e|settings)(/|$)`,
    message:
      "release/ is the format of a build, which the pipeline writes and everyone reads: it imports none of the other folders' code.",
  },
  settingsAreShared: {
    regex: `^~/|(^|/)(app|pipeline|live-update|site-server|content-server|tools|bench|${TEST_SUPPORT}|e2e|release)(/|$)`,
    message:
      "settings/ is how every program reads its settings: it imports none of the other folders' code (each program's schema lives in its own folder).",
  },
  pipelineIsUpstream: {
    regex: `(^|/)(live-update|site-server|tools|bench|${TEST_SUPPORT}|content-server)(/|$)`,
    message:
      "pipeline/ is upstream of live updates and the site server (pipeline -> live-update -> site-server): it imports none of them, no tools, bench or test support.",
  },
  liveUpdateBelowServer: {
    regex: `(^|/)(site-server|tools|bench|${TEST_SUPPORT}|content-server)(/|$)`,
    message:
      "live-update/ is used by site-server/, never the other way (pipeline -> live-update -> site-server): it imports no site server, tools, bench or test support.",
  },
  serverWithoutTools: {
    regex: `(^|/)(tools|bench|${TEST_SUPPORT}|content-server)(/|$)`,
    message:
      "site-server/ runs in production: it imports no tools, bench or test support, and shares no code with the content service.",
  },
  toolsWithoutTests: {
    regex: `(^|/)(bench|${TEST_SUPPORT})(/|$)`,
    message: "tools/ are what a user runs: they import no bench or test support.",
  },
  testSupportWithoutBench: {
    regex: "(^|/)bench(/|$)",
    message: "test-support/ runs the tests: it imports nothing from bench/.",
  },
  contentIsUpstream: {
    regex: "^(~/|(\\.\\./)+)(routes|routing|bloks|components)(/|$)",
    message:
      "app/content is where data starts (content -> bloks/components -> routes): it imports no routes, bloks or components.",
  },
  contentWithoutRouter: {
    name: "react-router",
    message: "app/content knows Storyblok, not the router: route concerns belong in app/routes or app/routing.",
  },
  contentWithoutRouterPackages: {
    regex: "^@react-router/",
    message: "app/content knows Storyblok, not the router: route concerns belong in app/routes or app/routing.",
  },
  componentsAreUpstream: {
    regex: "^(~/|(\\.\\./)+)(routes|routing|bloks)(/|$)",
    message: "Components are not Storyblok bloks and know no routes: they import no bloks or routes.",
  },
  routeLoadersImportLazily: {
    regex: "^~/content/",
    importNamePattern: "^load",
    message:
      "A route's server loader imports its content loader inside the function: a top-level import stays in the browser's route chunks as a side-effect import and loads the content parsers with every page.",
  },
  bloksAreUpstream: {
    regex: "^(~/|(\\.\\./)+)(routes|routing)(/|$)",
    message: "Bloks render content for the routes: they import no routes.",
  },
  viewsWithoutLiveEdits: {
    regex: "^(~/|(\\.\\./)+)content/(bridge|live-edits)$",
    message:
      "Components and bloks are handed view models: a route applies the visual editor's edits (app/content/live-edits.tsx) and passes the result down.",
  },
  viewsWithoutSchemas: {
    regex: "^(~/|(\\.\\./)+)content/schema/",
    allowTypeImports: true,
    message:
      "Components and bloks are handed view models: the schemas that parse raw stories are app/content's (a parsed value's type may be imported).",
  },
  viewsWithoutStoryblokPackages: {
    regex: "^@storyblok/(?!react$)",
    message: "Components and bloks render view models: Storyblok's SDKs are app/content's.",
  },
};

/** Of Storyblok's SDK, a component uses the rich text renderer only: stories, the client and the bridge are app/content's. */
const viewsUseTheRichTextRendererOnly = {
  name: "@storyblok/react",
  allowImportNames: ["StoryblokRichText", "SbReactRichTextComponentMap", "SbReactRichTextProps"],
  message:
    "Components and bloks render view models: of Storyblok's SDK they use the rich text renderer only; stories, the client and the bridge are app/content's.",
};

/** The named exports React Router reads from a route module. */
const ROUTE_MODULE_EXPORTS =
  "/^(loader|clientLoader|action|clientAction|meta|links|headers|handle|shouldRevalidate|HydrateFallback|ErrorBoundary|Layout)$/";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      ".cache/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench-report/",
      // the static hosts' runtimes' state (test-support/host-runtimes.ts)
      ".netlify/",
      ".wrangler/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
      // A function a reader can hold (issue 43): longer ones are split into named parts.
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  // House rules (README, "Layout of the code"): data flows one way, content -> bloks/components -> routes;
  // the site and the content service share no code. Each folder lists every rule that holds in it:
  // for one file, a later block's options replace an earlier block's.
  {
    files: ["content-server/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [houseRules.serviceOwnCode, houseRules.serviceWithoutMachinery] }],
    },
  },
  // The machinery's folders (README, "Layout of the code"): pipeline -> live-update -> site-server, one way;
  // tools, test support and the bench sit on top of them in that order. Under them all the release format,
  // which any folder may read.
  ...[
    ["release", houseRules.releaseIsOnlyTheFormat],
    ["settings", houseRules.settingsAreShared],
    ["pipeline", houseRules.pipelineIsUpstream],
    ["live-update", houseRules.liveUpdateBelowServer],
    ["site-server", houseRules.serverWithoutTools],
    ["tools", houseRules.toolsWithoutTests],
    ["test-support", houseRules.testSupportWithoutBench],
  ].map(([folder, rule]) => ({
    files: [`${folder}/**/*.ts`],
    rules: { "no-restricted-imports": ["error", { patterns: [rule] }] },
  })),
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [houseRules.siteOwnCode, houseRules.siteWithoutMachinery] }],
    },
  },
  {
    files: ["app/content/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [houseRules.contentWithoutRouter],
          patterns: [
            houseRules.siteOwnCode,
            houseRules.siteWithoutMachinery,
            houseRules.contentIsUpstream,
            houseRules.contentWithoutRouterPackages,
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [houseRules.siteOwnCode, houseRules.siteWithoutMachinery, houseRules.componentsAreUpstream] },
      ],
    },
  },
  {
    // Route modules export what React Router asks of them (and types), nothing for tests to reach into.
    files: ["app/root.tsx", "app/routes/*.tsx"],
    ignores: ["**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...["FunctionDeclaration", "VariableDeclaration > VariableDeclarator", "ClassDeclaration"].map((node) => ({
          selector: `ExportNamedDeclaration > ${node}[id.name!=${ROUTE_MODULE_EXPORTS}]`,
          message: "A route module exports only React Router's route exports (loader, meta, ...) and the page.",
        })),
      ],
    },
  },
  {
    files: ["app/root.tsx", "app/routes/*.tsx"],
    ignores: ["**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [houseRules.siteOwnCode, houseRules.siteWithoutMachinery, houseRules.routeLoadersImportLazily] },
      ],
    },
  },
  {
    files: ["app/bloks/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [houseRules.siteOwnCode, houseRules.siteWithoutMachinery, houseRules.bloksAreUpstream] },
      ],
    },
  },
  // Components never fetch and never see raw Storyblok JSON (README, "The visual editor"): they are handed view
  // models, also of the editor's live edits. Their tests may build view models from stories.
  ...[
    ["components", houseRules.componentsAreUpstream],
    ["bloks", houseRules.bloksAreUpstream],
  ].map(([folder, upstream]) => ({
    files: [`app/${folder}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [viewsUseTheRichTextRendererOnly],
          patterns: [
            houseRules.siteOwnCode,
            houseRules.siteWithoutMachinery,
            upstream,
            houseRules.viewsWithoutLiveEdits,
            houseRules.viewsWithoutSchemas,
            houseRules.viewsWithoutStoryblokPackages,
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          // an esquery regex ends at its first slash: \u002F is one
          selector: "ImportExpression[source.value=/^(~|\\.\\.)\\u002F(\\.\\.\\u002F)*content\\u002F/]",
          message:
            "Components and bloks are handed view models: they load no content code (parsers, queries) of their own.",
        },
      ],
    },
  })),
  // A test file's describe block holds its cases: it may run long, its cases may not hide in helpers.
  {
    files: ["**/*.test.{ts,tsx}", "**/*.spec.ts", "e2e/**/*.ts"],
    rules: { "max-lines-per-function": "off" },
  },
  // The lazy-image loader must stay one self-contained function: the dev server inlines its source text
  // (devLazyImageScript), and the build bundles it into every page's head script.
  {
    files: ["app/components/lazy-image/lazy-image-loader.ts"],
    rules: { "max-lines-per-function": "off" },
  },
  // A test must be able to fail, and only for a reason: no assertion a branch can skip, none that is never awaited,
  // no fixed sleep where a condition can be awaited.
  {
    files: ["**/*.test.{ts,tsx}"],
    plugins: { vitest },
    rules: {
      "vitest/no-conditional-expect": "error",
      "vitest/expect-expect": [
        "error",
        { assertFunctionNames: ["expect", "expect*", "assert*", "check*", "screen.findBy*"] },
      ],
      "vitest/valid-expect": ["error", { maxArgs: 2 }],
      "vitest/no-identical-title": "error",
      "vitest/no-focused-tests": "error",
      // an afterEach may hold an invariant of every test in its file
      "vitest/no-standalone-expect": ["error", { additionalTestBlockFunctions: ["afterEach"] }],
    },
  },
  {
    files: ["e2e/**/*.ts"],
    plugins: { playwright },
    rules: {
      "playwright/no-conditional-expect": "error",
      "playwright/no-wait-for-timeout": "error",
      "playwright/missing-playwright-await": "error",
      "playwright/no-focused-test": "error",
      "playwright/valid-expect": ["error", { maxArgs: 2 }],
      "playwright/no-useless-not": "error",
      "playwright/no-force-option": "error",
      "playwright/expect-expect": ["error", { assertFunctionPatterns: ["^(expect|assert|check)[A-Z]"] }],
    },
  },
);
