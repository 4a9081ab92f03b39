import { access, constants } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { aptInstall, canInstallPackages } from "./debian-packages";

/**
 * Finds the nginx the browser tests serve the build with, and its brotli
 * module (the build's nginx site sends the precompressed `.br` files):
 * NGINX_PATH, else Debian's package; on a Debian/Ubuntu machine running as
 * root it installs `nginx` and `libnginx-mod-http-brotli-static` with apt,
 * as test-support/ensure-chromium.ts does for Chromium.
 */

export interface NginxInstall {
  binary: string;
  /** `load_module` path of the brotli_static module. */
  brotliModule: string;
}

const BINARIES = ["/usr/sbin/nginx"];
const MODULE_DIRS = ["/usr/lib/nginx/modules", "/usr/share/nginx/modules"];
const BROTLI_MODULE = "ngx_http_brotli_static_module.so";
const PACKAGES = ["nginx", "libnginx-mod-http-brotli-static"];

const INSTALL_HINT =
  "Install nginx and its brotli module and try again: on Debian/Ubuntu " +
  "`sudo apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static`; " +
  "elsewhere set NGINX_PATH to an nginx built with ngx_brotli's static module and NGINX_BROTLI_MODULE to that module.";

async function isFile(file: string, mode = constants.R_OK): Promise<boolean> {
  return access(file, mode).then(
    () => true,
    () => false,
  );
}

async function find(): Promise<Partial<NginxInstall>> {
  let binary = process.env.NGINX_PATH;
  if (!binary) for (const candidate of BINARIES) if (await isFile(candidate, constants.X_OK)) binary = candidate;
  let brotliModule = process.env.NGINX_BROTLI_MODULE;
  if (!brotliModule) {
    for (const dir of MODULE_DIRS) {
      if (await isFile(path.join(dir, BROTLI_MODULE))) brotliModule = path.join(dir, BROTLI_MODULE);
    }
  }
  return { binary, brotliModule };
}

/** A usable nginx and its brotli module; installs Debian's packages when it can. */
export async function ensureNginx(): Promise<NginxInstall> {
  let found = await find();
  if (process.env.NGINX_PATH && !(await isFile(process.env.NGINX_PATH, constants.X_OK))) {
    throw new Error(`NGINX_PATH is set to ${process.env.NGINX_PATH}, which is not an executable file. ${INSTALL_HINT}`);
  }
  if (found.binary && found.brotliModule) return found as NginxInstall;

  if (!process.env.NGINX_PATH && (await canInstallPackages())) {
    console.info(`ensure-nginx: ${found.binary ? "no brotli module" : "no nginx"} found; installing Debian's packages`);
    await aptInstall("ensure-nginx", PACKAGES);
    found = await find();
    if (found.binary && found.brotliModule) return found as NginxInstall;
  }
  throw new Error(
    `No ${found.binary ? `brotli module for ${found.binary}` : "nginx"} found (looked at NGINX_PATH, ${BINARIES.join(", ")}, ` +
      `${MODULE_DIRS.join(", ")}). ${INSTALL_HINT}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureNginx().then(
    (nginx) => console.info(`${nginx.binary} (${nginx.brotliModule})`),
    (error: unknown) => {
      console.error(`ensure-nginx: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
