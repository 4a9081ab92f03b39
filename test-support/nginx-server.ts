import { chown, cp, mkdir, mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { NGINX_CONFIG_FILE, siteConfigFor } from "../release/host-files";
import type { NginxInstall } from "./ensure-nginx";
import { startServerProcess } from "./server-process";
import { CLIENT_DIR } from "../release/layout";

/**
 * Serves a build's client folder with nginx and the nginx site the build
 * wrote (pipeline/host-config.ts), the way a studio would self-host it, for
 * the browser tests: on 127.0.0.1 and the port given, in the foreground, with
 * its own prefix, pid, log and temp folders in a temp folder, and (when
 * started as root) as the unprivileged user `nobody`.
 */

const UNPRIVILEGED_ID = 65534;

/** Whether every folder from the root down to `dir` lets others (the unprivileged user) pass. */
async function reachableByOthers(dir: string): Promise<boolean> {
  for (let current = dir; ; current = path.dirname(current)) {
    if (((await stat(current)).mode & 0o001) === 0) return false;
    if (path.dirname(current) === current) return true;
  }
}

/** The whole config: nginx's own files in `prefix`, worker settings, and the site in its http block. */
function nginxConfig(nginx: NginxInstall, prefix: string, siteConfig: string): string {
  const temp = (name: string) => path.join(prefix, "temp", name);
  return [
    `load_module ${nginx.brotliModule};`,
    "worker_processes 1;",
    `pid ${path.join(prefix, "nginx.pid")};`,
    `error_log ${path.join(prefix, "logs", "error.log")} warn;`,
    "events { worker_connections 512; }",
    "http {",
    "    access_log off;",
    "    sendfile on;",
    `    client_body_temp_path ${temp("body")};`,
    `    proxy_temp_path ${temp("proxy")};`,
    `    fastcgi_temp_path ${temp("fastcgi")};`,
    `    uwsgi_temp_path ${temp("uwsgi")};`,
    `    scgi_temp_path ${temp("scgi")};`,
    siteConfig,
    "}",
    "",
  ].join("\n");
}

export async function startNginx(nginx: NginxInstall, buildDir: string, port: number) {
  const clientDir = path.resolve(buildDir, CLIENT_DIR);
  const site = await readFile(path.join(buildDir, NGINX_CONFIG_FILE), "utf8");
  const prefix = await mkdtemp(path.join(tmpdir(), "studio-nginx-"));
  for (const dir of ["logs", "temp"]) await mkdir(path.join(prefix, dir));
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  // a checkout in a private folder (mktemp -d) is out of the workers' reach: they serve a copy in the prefix
  const servedDir = asRoot && !(await reachableByOthers(clientDir)) ? path.join(prefix, "client") : clientDir;
  if (servedDir !== clientDir) await cp(clientDir, servedDir, { recursive: true });
  const config = nginxConfig(nginx, prefix, siteConfigFor(site, port, servedDir));
  const configFile = path.join(prefix, "nginx.conf");
  await writeFile(configFile, config);

  if (asRoot) {
    for (const dir of [prefix, path.join(prefix, "logs"), path.join(prefix, "temp")]) {
      await chown(dir, UNPRIVILEGED_ID, UNPRIVILEGED_ID);
    }
  }
  const args = ["-p", prefix, "-c", configFile, "-e", path.join(prefix, "logs", "error.log"), "-g", "daemon off;"];
  const nginxProcess = startServerProcess("nginx", nginx.binary, args, {
    ...(asRoot ? { uid: UNPRIVILEGED_ID, gid: UNPRIVILEGED_ID } : {}),
    // SIGQUIT: finish the requests in progress, then stop
    stop: { signal: "SIGQUIT" },
    tempDir: prefix,
  });
  const errorLog = () => readFile(path.join(prefix, "logs", "error.log"), "utf8").catch(() => "");
  return {
    ...nginxProcess,
    url: `http://127.0.0.1:${port}`,
    /** nginx's error log so far (the test runner prints it when something fails). */
    errorLog,
    ended: nginxProcess.ended.then(async (output) => `${output}${await errorLog()}`),
  };
}
