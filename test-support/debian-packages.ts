import { access, constants, readFile } from "node:fs/promises";
import { x } from "tinyexec";

/**
 * What the ensure-* helpers share: finding an executable, and installing
 * Debian's packages with apt where that is possible (Linux, Debian or
 * Ubuntu, running as root). One apt at a time: two `apt-get install` at
 * once fail on dpkg's lock, and the package lists are updated once.
 */

/** Whether this process may run `file` (or, with `mode`, access it so: `constants.R_OK` to read it). */
export async function isExecutable(file: string, mode = constants.X_OK): Promise<boolean> {
  return access(file, mode).then(
    () => true,
    () => false,
  );
}

/** The first of `candidates` this process may run (or access so, with `mode`). */
export async function firstExecutable(candidates: readonly string[], mode = constants.X_OK) {
  for (const candidate of candidates) if (await isExecutable(candidate, mode)) return candidate;
  return undefined;
}

/** The executable the variable `name` names; undefined when it is unset, an error (with `hint`) when it is no executable. */
export async function executableFromEnv(name: string, hint: string): Promise<string | undefined> {
  const value = process.env[name];
  if (!value) return undefined;
  if (await isExecutable(value)) return value;
  throw new Error(`${name} is set to ${value}, which is not an executable file. ${hint}`);
}

async function isDebianLike(): Promise<boolean> {
  const osRelease = await readFile("/etc/os-release", "utf8").catch(() => "");
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(osRelease);
}

/** Whether this process may install Debian's packages. */
export async function canInstallPackages(): Promise<boolean> {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  return process.platform === "linux" && isRoot && (await isDebianLike());
}

async function run(who: string, command: string, args: string[]): Promise<void> {
  console.info(`${who}: $ ${command} ${args.join(" ")}`);
  await x(command, args, {
    throwOnError: true,
    // PATH as it is: no node_modules/.bin ahead of the system's for the packages' scripts
    nodePath: false,
    // RUNLEVEL=1: no package's scripts start a system service (nginx on port 80)
    nodeOptions: { stdio: ["ignore", "inherit", "inherit"], env: { DEBIAN_FRONTEND: "noninteractive", RUNLEVEL: "1" } },
  });
}

// module-level: apt takes one install at a time, and one update serves the process
let aptQueue: Promise<unknown> = Promise.resolve();
let aptUpdated = false;

/** `apt-get install` of `packages` (after one `apt-get update` per process), after any install already running. */
export function aptInstall(who: string, packages: readonly string[]): Promise<void> {
  const install = aptQueue.then(async () => {
    if (!aptUpdated) {
      await run(who, "apt-get", ["update"]);
      aptUpdated = true;
    }
    await run(who, "apt-get", ["install", "-y", "--no-install-recommends", ...packages]);
  });
  aptQueue = install.catch(() => undefined);
  return install;
}

/**
 * One program of the tests: the executable `envName` names, else the first of `candidates`; where none is, Debian's
 * `packages` installed when this process may, then the first of `candidates`. `what` names it, `hint` says how to
 * get it by hand.
 */
export async function ensureExecutable(
  who: string,
  program: { what: string; envName: string; candidates: readonly string[]; packages: string[]; hint: string },
): Promise<string> {
  const { what, envName, candidates, packages, hint } = program;
  const found = (await executableFromEnv(envName, hint)) ?? (await firstExecutable(candidates));
  if (found) return found;
  if (await canInstallPackages()) {
    console.info(`${who}: no ${what} found; installing Debian's ${packages.join(", ")}`);
    await aptInstall(who, packages);
    const installed = await firstExecutable(candidates);
    if (installed) return installed;
    throw new Error(`apt-get installed ${packages.join(", ")}, but none of ${candidates.join(", ")} exists. ${hint}`);
  }
  throw new Error(`No ${what} found (looked at ${envName}, ${candidates.join(", ")}). ${hint}`);
}
