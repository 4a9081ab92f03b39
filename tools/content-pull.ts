// Exports a Storyblok space (stories draft and published, folders, tags, datasources, assets) into a
// content folder that the local content service serves (docs/content-model.md).
//
//   STORYBLOK_TOKEN=<preview token> npm run content:pull -- --out ../studio-content
//   npm run content:pull -- --token T --region us --out DIR --public-token P
//   npm run content:pull -- --token T --api-url http://127.0.0.1:4100/v2 --out DIR --resume
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { checkRegion, type Region } from "./content-pull/endpoint";
import { PullError } from "./content-pull/errors";
import { PullFailure, pullContent, type ProgressEvent, type PullOptions, type PullSummary } from "./content-pull/pull";

export const USAGE = `Usage: npm run content:pull -- --out DIR [options]

Exports a Storyblok space into a content folder (space.json, stories/, assets/, tags.json).

  --token TOKEN        preview token of the space (default: $STORYBLOK_TOKEN)
  --public-token TOKEN public token recorded in space.json (default: $STORYBLOK_PUBLIC_TOKEN,
                       else the one already in DIR, else a generated local one)
  --region REGION      eu (default), us, ca, ap or cn (default: $STORYBLOK_REGION)
  --api-url URL        API base instead of a region, e.g. http://127.0.0.1:4100/v2
  --out DIR            output folder (new, empty, or an earlier export)
  --resume             keep assets already downloaded with the right size
  --force              write into a folder that holds other files or another space's export
  --concurrency N      requests at once, 1-16 (default 4)
  --normalize-asset-hosts
                       store regional asset URLs (a-us.storyblok.com, ...) as https://a.storyblok.com/f/
  --quiet              only warnings and errors
  --help               this text`;

interface CliOptions extends PullOptions {
  quiet: boolean;
  help: boolean;
}

export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        token: { type: "string" },
        "public-token": { type: "string" },
        region: { type: "string" },
        "api-url": { type: "string" },
        out: { type: "string" },
        resume: { type: "boolean" },
        force: { type: "boolean" },
        concurrency: { type: "string" },
        "normalize-asset-hosts": { type: "boolean" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    throw new PullError("usage", (err as Error).message);
  }
  const help = values.help ?? false;
  const token = values.token ?? env.STORYBLOK_TOKEN ?? "";
  if (!help && !token.trim())
    throw new PullError("usage", "A preview token is needed: --token TOKEN or STORYBLOK_TOKEN");
  if (!help && !values.out) throw new PullError("usage", "--out DIR is needed");
  let region = values.region?.toLowerCase();
  if (region === undefined && values["api-url"] === undefined && env.STORYBLOK_REGION)
    region = env.STORYBLOK_REGION.toLowerCase();
  if (region !== undefined) checkRegion(region);
  let concurrency: number | undefined;
  if (values.concurrency !== undefined) {
    concurrency = /^\d+$/.test(values.concurrency) ? Number(values.concurrency) : NaN;
    if (!(concurrency >= 1 && concurrency <= 16))
      throw new PullError("usage", `--concurrency must be 1 to 16, got "${values.concurrency}"`);
  }
  const publicToken = values["public-token"] ?? env.STORYBLOK_PUBLIC_TOKEN;
  return {
    token,
    outDir: values.out ?? "",
    ...(publicToken ? { publicToken } : {}),
    ...(region ? { region: region as Region } : {}),
    ...(values["api-url"] ? { apiUrl: values["api-url"] } : {}),
    resume: values.resume ?? false,
    force: values.force ?? false,
    ...(concurrency ? { concurrency } : {}),
    normalizeAssetHosts: values["normalize-asset-hosts"] ?? false,
    quiet: values.quiet ?? false,
    help,
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function describeSummary(s: PullSummary): string {
  const st = s.stories;
  const a = s.assets;
  const storyNotes = [
    st.changed ? `${st.changed} with unpublished changes` : "",
    st.unpublished ? `${st.unpublished} never published` : "",
  ]
    .filter(Boolean)
    .join(", ");
  const assetNotes = [
    `${a.downloaded} downloaded`,
    `${a.skipped} kept`,
    a.missing.length ? `${a.missing.length} missing at the source` : "",
  ]
    .filter(Boolean)
    .join(", ");
  return (
    `done in ${(s.durationMs / 1000).toFixed(1)} s: ${st.total} stories${storyNotes ? ` (${storyNotes})` : ""}, ${st.written} files written` +
    `${st.removed.length ? `, ${st.removed.length} removed` : ""}; ${s.tags} tags, ${s.folders} folders, ${s.datasources} datasources; ${a.total} assets (${assetNotes}, ${formatBytes(a.bytes)}); ` +
    `${s.requests.api + s.requests.get + s.requests.head} requests, ${s.requests.retries} retried; into ${s.outDir}`
  );
}

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Rewrites the current status line (a terminal); undefined: status lines are printed now and then. */
  status?: (line: string) => void;
}

const defaultIo: Io = {
  out: (line) => console.info(line),
  err: (line) => console.error(line),
  status: process.stderr.isTTY ? (line) => process.stderr.write(`\r\x1b[K${line}`) : undefined,
};

/** Prints progress: a live line on a terminal, otherwise a line every 2 s and at the end of each phase. */
function progressPrinter(io: Io): { event: (e: ProgressEvent) => void; end: () => void } {
  let last = 0;
  let open = false;
  const line = (text: string, final: boolean) => {
    if (io.status) {
      io.status(text);
      open = true;
      if (final) {
        io.status(`${text}\n`);
        open = false;
      }
      return;
    }
    const now = Date.now();
    if (final || now - last >= 2000) {
      last = now;
      io.err(text);
    }
  };
  return {
    event(e) {
      if (e.phase === "space") line(`space ${e.id} "${e.name}" from ${e.endpoint}`, true);
      else if (e.phase === "listed") line(`${e.draft} stories (${e.published} published), ${e.assets} assets`, true);
      else if (e.phase === "assets")
        line(`assets ${e.done}/${e.total}, ${formatBytes(e.bytes)} downloaded, ${e.skipped} kept`, e.done === e.total);
      else line(`stories ${e.done}/${e.total}, ${e.written} written`, e.done === e.total);
    },
    end() {
      if (open && io.status) io.status("\n");
      open = false;
    },
  };
}

/** Runs the command; resolves to the exit code. */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = defaultIo,
  signal?: AbortSignal,
): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCli(argv, env);
  } catch (err) {
    io.err(`content:pull: ${(err as Error).message}\nRun with --help for the options.`);
    return 2;
  }
  if (options.help) {
    io.out(USAGE);
    return 0;
  }
  const printer = progressPrinter(io);
  const { quiet, help: _help, ...pullOptions } = options;
  try {
    const summary = await pullContent({
      ...pullOptions,
      signal,
      log: (m) => {
        if (m.startsWith("warning:") || !quiet) {
          printer.end();
          io.err(m);
        }
      },
      onProgress: quiet ? undefined : printer.event,
    });
    printer.end();
    if (!quiet) io.out(describeSummary(summary));
    return 0;
  } catch (err) {
    printer.end();
    if (signal?.aborted) {
      io.err(`content:pull: interrupted. Run again with --resume to continue: ${path.resolve(options.outDir)}`);
      return 130;
    }
    if (err instanceof PullFailure) io.err(describeSummary(err.summary));
    if (err instanceof PullError) {
      io.err(`content:pull: ${err.message}`);
      return err.exitCode;
    }
    io.err(`content:pull: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const controller = new AbortController();
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    // Ctrl-C reaches npm, tsx and this process at once: the first one stops
    // cleanly (the manifest is saved for --resume); another one a second later quits now
    if (!controller.signal.aborted) {
      firstSignalAt = Date.now();
      controller.abort(new Error(signal === "SIGINT" ? "interrupted" : "terminated"));
    } else if (Date.now() - firstSignalAt > 1000) process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  runCli(process.argv.slice(2), process.env, defaultIo, controller.signal).then((code) => {
    process.exitCode = code;
  });
}
