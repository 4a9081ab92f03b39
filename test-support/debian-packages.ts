import { access, constants, readFile } from "node:fs/promises";
import { x } from "tinyexec";

/**
 * What the ensure-* helpers share: finding an executable, and installing
 * Debian's packages with apt where that is possible (Linux, Debian or
 * Ubuntu, running as root). One apt at a time: two `apt-get install` at
 * once fail on dpkg's lock, and the package lists are updated once.
 */

export async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}

export async function firstExecutable(candidates: readonly string[]): Promise<string | undefined> {
  for (const candidate of candidates) if (await isExecutable(candidate)) return candidate;
  return undefined;
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
