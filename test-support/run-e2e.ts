import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { x, type Result } from "tinyexec";
import { ensureChromium } from "./ensure-chromium";
import { ENGINES_STAGE_VARIABLE, ensureFirefox, ensureWebKit } from "./ensure-engines";
import { ensureHostTools } from "./ensure-host-tools";
import { ensureNginx } from "./ensure-nginx";
import { E2E_SUMMARY_FILE_VARIABLE, readStageSummary, recapLines } from "./stage-summary";

/**
 * `npm run test:e2e [-- playwright args]`: the browser tests end to end. Playwright starts and stops the
 * servers itself (playwright.config.ts `webServer`, e2e-servers.ts: the content service on a copy of the
 * content, the builds made against it, the site servers, nginx, the hosts' runtimes). What stays here is what
 * one Playwright run cannot do:
 * - the installs (Debian's Chromium, nginx, Firefox and WebKitGTK with apt, one at a time in this process; the
 *   hosts' tools, beside the first stage's builds), before Playwright loads its config: its workers get
 *   Chromium's path, its servers find nginx and the hosts' tools installed;
 * - the stages: a whole run checks the hosts after the browser tests, and the engines last with one worker,
 *   each stage whatever the one before it gave (project dependencies would skip a stage after a failure, and
 *   one run has one worker count and one output folder, which Playwright empties). The later stages serve the
 *   builds of the first (E2E_SKIP_BUILD=1) and start only the servers they need (E2E_HOSTS, E2E_PREVIEW,
 *   E2E_NGINX);
 * - which projects a run has: the config cannot see the `--project` arguments, so the preview build is left
 *   out here (E2E_PREVIEW=0) when none of them needs it.
 * E2E_ENGINES: "only" runs the engines' projects alone (with the Playwright arguments given), "0" leaves them
 * out, "1" adds them; by default they follow a whole run, or arguments that name them. E2E_HOSTS: "1" adds the
 * hosts' servers (a whole run: their stage), "0" leaves them out; by default a whole run or `--project hosts`
 * has them. E2E_SKIP_BUILD=1 serves the builds of the last run (build/e2e-build.json). Ctrl-C (or SIGTERM)
 * interrupts Playwright, which stops its servers and removes the content copy.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const started = performance.now();
// module-level: the signal handlers interrupt the stage that runs and start no other
let child: Result | undefined;
let interruptedBy: NodeJS.Signals | undefined;

function log(message: string) {
  console.info(`run-e2e: ${message}`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    interruptedBy ??= signal;
    // SIGINT is Playwright's interrupt: it stops its servers before it exits (a second one within 1 s is ignored)
    child?.kill("SIGINT");
  });
}

/** One Playwright run with these arguments and variables (laid over this process's); resolves with its exit code. */
async function playwright(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  log(`playwright test ${args.join(" ")}`.trim());
  const run = x(path.join(repo, "node_modules", ".bin", "playwright"), ["test", ...args], {
    nodePath: false,
    nodeOptions: { cwd: repo, env, stdio: "inherit" },
  });
  child = run;
  await run;
  return run.exitCode ?? (run.signalCode ? 128 : 1);
}

/** The projects Playwright's arguments name (none: every project). */
function projectsOf(args: readonly string[]): string[] {
  return args.flatMap((arg, index) =>
    arg === "--project"
      ? [args[index + 1] ?? ""]
      : arg.startsWith("--project=")
        ? [arg.slice("--project=".length)]
        : [],
  );
}

const isEnginesProject = (project: string) => project.startsWith("engines");

interface Stage {
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** The run's stages, from its arguments and E2E_ENGINES / E2E_HOSTS. */
function stagesOf(args: string[]): { stages: Stage[]; enginesRun: boolean; hosts: boolean } {
  const engines = process.env.E2E_ENGINES ?? (args.length === 0 ? "1" : "0");
  const projects = projectsOf(args);
  // by default a whole run has the hosts' stage, and a run that names the `hosts` project its servers
  const hostsByDefault = args.length === 0 || projects.includes("hosts");
  const hosts = engines !== "only" && (process.env.E2E_HOSTS ?? (hostsByDefault ? "1" : "0")) === "1";
  // `faults` (some of whose specs open the preview build) is the teardown of every project but `hosts` and the
  // engines' (playwright.config.ts), so only a run of those alone needs no preview build
  const preview =
    projects.length === 0 || projects.some((project) => project !== "hosts" && !isEnginesProject(project));
  // a stage of the hosts or of the engines alone: only the servers its projects need
  const only = { E2E_PREVIEW: "0", E2E_HOSTS: "0", E2E_NGINX: "0" };
  // one engine's browser at a time, as the checks' time limits were set for; the output folder its own
  const enginesOutput = ["--workers", "1", "--output", "test-results/engines"];
  const enginesStage = (extra: string[]): Stage => ({
    args: [...(projects.some(isEnginesProject) ? [] : ["--project", "engines-*"]), ...enginesOutput, ...extra],
    env: { ...only, [ENGINES_STAGE_VARIABLE]: "1" },
  });
  if (engines === "only") return { stages: [enginesStage(args)], enginesRun: true, hosts: false };
  const stages: Stage[] =
    args.length > 0
      ? [{ args, env: { E2E_PREVIEW: preview ? "1" : "0", E2E_HOSTS: hosts ? "1" : "0", E2E_NGINX: "1" } }]
      : [
          // the hosts after the browser tests, not beside them: the crawl and the Nu checker take both cores
          // with the preview build: the `preview` project's, and `faults`' (their teardown) specs open it
          {
            args: ["--project", "browser", "--project", "nginx", "--project", "preview"],
            env: { E2E_PREVIEW: "1", E2E_HOSTS: "0", E2E_NGINX: "1" },
          },
          ...(hosts
            ? [{ args: ["--project", "hosts", "--output", "test-results/hosts"], env: { ...only, E2E_HOSTS: "1" } }]
            : []),
        ];
  if (engines === "1") stages.push(enginesStage([]));
  return { stages, enginesRun: engines !== "0" || projects.some(isEnginesProject), hosts };
}

async function main(): Promise<number> {
  const { stages, enginesRun, hosts } = stagesOf(process.argv.slice(2));
  // the hosts' tools (minutes to install on a fresh machine) beside the first stage's builds; the specs get their paths
  const hostToolsEnv: Promise<NodeJS.ProcessEnv> | undefined = hosts
    ? ensureHostTools().then((tools) => ({
        E2E_JAVA: tools.java,
        E2E_VNU_JAR: tools.vnuJar,
        E2E_LINKINATOR: tools.linkinator,
      }))
    : undefined;
  hostToolsEnv?.catch(() => undefined);
  const chromePath = await ensureChromium();
  log(`Chromium: ${chromePath}`);
  // here, not in the nginx entry: apt runs one at a time within this process only (debian-packages.ts)
  if (stages.some((stage) => stage.env.E2E_NGINX !== "0")) log(`nginx: ${(await ensureNginx()).binary}`);
  if (enginesRun) {
    log(`Firefox: ${await ensureFirefox()}`);
    // elsewhere the WebKit project's fixture says how to leave it out (e2e/engines.ts)
    if (process.platform === "linux") log(`WebKitGTK: ${(await ensureWebKit()).browser}`);
  }
  let code = 0;
  // each stage's summary (e2e/summary-reporter.ts), for the recap at the end
  const summaries = await mkdtemp(path.join(tmpdir(), "studio-e2e-summaries-"));
  const recap: string[] = [];
  for (const [index, stage] of stages.entries()) {
    if (interruptedBy) break;
    const name = `stage ${index + 1} (${projectsOf(stage.args).join(", ") || "every project"})`;
    let tools: NodeJS.ProcessEnv = {};
    try {
      if (stage.env.E2E_HOSTS === "1" && hostToolsEnv) tools = await hostToolsEnv;
    } catch (error) {
      // this stage fails; the next still runs
      const message = `the hosts' tools: ${error instanceof Error ? error.message : String(error)}`;
      console.error(`run-e2e: ${message}`);
      recap.push(`${name}: not run: ${message}`);
      code = 1;
      continue;
    }
    const summaryFile = path.join(summaries, `stage-${index + 1}.json`);
    const env: NodeJS.ProcessEnv = {
      ...stage.env,
      CHROME_PATH: chromePath,
      ...tools,
      [E2E_SUMMARY_FILE_VARIABLE]: summaryFile,
      // the first stage makes the builds; the later ones serve them
      ...(index > 0 ? { E2E_SKIP_BUILD: "1" } : {}),
    };
    // every stage runs, whatever the one before gave (`code ||= await ...` would skip it after a failure)
    const stageCode = await playwright(stage.args, env);
    code ||= stageCode;
    try {
      recap.push(...recapLines(`${name}, exit code ${stageCode}`, await readStageSummary(summaryFile)));
    } catch (error) {
      // a summary of another shape is said in the recap; the next stage still runs
      recap.push(`${name}, exit code ${stageCode}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await rm(summaries, { recursive: true, force: true });
  // a log's tail (all a CI page may show) names what failed in every stage, not only in the last
  if (stages.length > 1) for (const line of recap) log(line);
  return code;
}

const exitCode = await main().catch((error: unknown) => {
  console.error(`run-e2e: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
const finalCode = interruptedBy ? (interruptedBy === "SIGINT" ? 130 : 143) : exitCode;
log(`exit code ${finalCode}, wall time ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(finalCode);
