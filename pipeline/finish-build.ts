import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MANIFEST_FILE } from "../release/headers-manifest";
import { resolveContentConfig, type ContentConfig } from "./content-config";
import { createStylesheets } from "./critical-css";
import { preparePagesInBuild } from "./finish-pages";
import { readBehaviourFiles, type BehaviourFiles } from "./islands";
import { headScript } from "./head-script";
import { subsetFontForBuild } from "./font-subset";
import { HEADERS_FILE, NGINX_CONFIG_FILE } from "../release/host-files";
import { writeHostFiles } from "./host-config";
import { buildSettingsFrom, type BuildSettings } from "./build-settings";
import { listHtmlFiles } from "../release/layout";
import { placeArticlesNotFoundPage, placeNotFoundPage } from "./not-found-pages";
import { precompress } from "./precompress";
import { modeBanner, policyInputsOf, writeSecurityHeaders } from "./security-headers";
import { PageWorkers } from "./page-workers";
import { stepRecorder, timedStep, type StepRecorder } from "./step-times";
import { buildEventWriter, warnBuild, type BuildEventWriter } from "./build-events";

const HYDRATION_NOTE = "docs/decisions/0005-hydrate-after-load.md";
const ISLANDS_NOTE = "docs/decisions/0014-pages-without-a-framework-runtime.md";

/**
 * Everything after prerendering, in order (pipeline/README.md): the 404
 * pages, hydration after load, the font's subset, critical CSS inline, the
 * security headers (pipeline/security-headers.ts), the nginx site and the
 * static hosts' files, precompression, the mode banner. The build's last step
 * (pipeline/preset.ts, buildEnd); by hand: `tsx pipeline/finish-build.ts
 * [build/client]` (same environment as the build).
 */
export async function finishBuild(clientDir: string, config: ContentConfig, settings: BuildSettings) {
  const events = buildEventWriter(settings.BUILD_EVENTS_FILE);
  const record = stepRecorder(events);
  // the not-found page is a prerendered page like the others: it hydrates after load
  await timedStep("404 pages", () => placeNotFoundPage(clientDir), record);
  // two passes over the pages, one page in memory at a time: the font's subset needs every page's characters
  // before any page's inline style can declare it (pipeline/finish-pages.ts)
  const pageHeadScript = await headScript();
  // first: the CSP hashes the inline scripts as they are served
  // a production build's pages run its behaviour modules instead of React where they can (pipeline/islands.ts)
  const behaviours = config.version === "published" ? await readBehaviourFiles(clientDir) : null;
  // both passes on one worker thread per core (decision 0015), none on a single core
  const threads = availableParallelism();
  const workers = threads > 1 ? await PageWorkers.start(threads) : null;
  try {
    return await finishPages(clientDir, { config, settings, events, record }, pageHeadScript, behaviours, workers);
  } finally {
    await workers?.close();
  }
}

/** What the first pass did, in the log. */
function logFirstPass(
  prepared: Awaited<ReturnType<typeof preparePagesInBuild>>,
  pageHeadScript: string,
  islands: boolean,
): void {
  console.info(
    `Head script: ${prepared.withHeadScript} page(s) carry it inline (${(Buffer.byteLength(pageHeadScript) / 1024).toFixed(1)} KB)`,
  );
  console.info(
    `Hydration: ${prepared.deferred} prerendered page(s) load their scripts after the page (${HYDRATION_NOTE})`,
  );
  if (!islands) return;
  const kept = [...prepared.needsReact].map(([name, pages]) => `${name}: ${pages}`).join(", ");
  console.info(
    `Islands: ${prepared.withoutFramework} page(s) run no framework code (${ISLANDS_NOTE})` +
      (kept ? `; hydrated for behaviours without a module yet (${kept})` : ""),
  );
}

/** The build's settings and where its progress goes. */
interface FinishContext {
  config: ContentConfig;
  settings: BuildSettings;
  events: BuildEventWriter;
  record: StepRecorder;
}

/** Steps 11 to 17 (pipeline/README.md): the two passes over the pages and what comes between and after them. */
async function finishPages(
  clientDir: string,
  { config, settings, events, record }: FinishContext,
  pageHeadScript: string,
  behaviours: BehaviourFiles | null,
  workers: PageWorkers | null,
) {
  const prepared = await timedStep(
    "first pass (lazy images, hydration after load)",
    () => preparePagesInBuild(clientDir, pageHeadScript, behaviours, workers),
    record,
  );
  logFirstPass(prepared, pageHeadScript, behaviours !== null);
  // the text face cut to the pages' characters, declared in each page's inline style
  const font = await timedStep("font subset", () => subsetFontForBuild(clientDir, prepared.characters), record);
  console.info(
    `Font: ${font.file}, ${font.characters} characters, ${(font.bytes / 1024).toFixed(1)} KB (the full face: ${(font.sourceBytes / 1024).toFixed(1)} KB)`,
  );
  // the SPA fallback as served (its scripts start at once), for article slugs the build does not know
  await timedStep("articles' 404 pages", () => placeArticlesNotFoundPage(clientDir, pageHeadScript), record);
  // second: each page's critical CSS (before the CSP: it hashes the inline styles), then its policy
  const styles = { stylesheets: createStylesheets({ clientDir }), clientDir, fontFaces: font.css };
  // each page's siblings too, from the text the worker has in hand: compression is most of the build's CPU after
  // prerendering, and the workers spread it over the cores (the last step only finds them up to date)
  const result = await timedStep(
    "second pass (styles, security headers, pages compressed)",
    () => writeSecurityHeaders(clientDir, policyInputsOf(config, settings), { styles, workers, compress: true }),
    record,
  );
  // their heaps go before compression, whose buffers are the last step's peak
  await workers?.close();
  console.info(
    `Critical CSS: ${result.styled.pages} page(s) carry their rules inline (${(result.styled.bytes / result.styled.pages / 1024 || 0).toFixed(1)} KB on average); their stylesheets no longer block the first paint`,
  );
  for (const warning of result.warnings) warnBuild(events, `WARNING (security headers): ${warning}`);
  const staticHost = settings.STATIC_HOST;
  await timedStep(
    "host files",
    async () => writeHostFiles(clientDir, await listHtmlFiles(clientDir), staticHost),
    record,
  );
  const nginx = path.join(path.dirname(clientDir), NGINX_CONFIG_FILE);
  console.info(
    `Host configuration: ${path.relative(process.cwd(), nginx)} (nginx), _headers, .assetsignore, and _redirects for ${staticHost} (STATIC_HOST)`,
  );
  // the other files (scripts, styles, .data): after the pages, as compression fills libuv's thread pool
  const compressed = await timedStep("precompression", () => precompress(clientDir), record);
  console.info(
    `Security headers: a CSP for each of ${result.documents} HTML file(s) in ${MANIFEST_FILE} and ${HEADERS_FILE}; ` +
      `precompressed ${compressed.files} file(s), ${compressed.upToDate} already up to date (the pages: the second pass)`,
  );
  const banner = modeBanner(result.mode, config);
  if (result.mode === "preview") console.warn(banner);
  else console.info(banner);
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? "build/client");
  const settings = buildSettingsFrom(process.env);
  finishBuild(dir, resolveContentConfig(settings), settings).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
