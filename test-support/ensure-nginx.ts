import { constants } from "node:fs/promises";
import path from "node:path";
import { aptInstall, canInstallPackages, executableFromEnv, firstExecutable } from "./debian-packages";

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

async function find(): Promise<Partial<NginxInstall>> {
  const modules = MODULE_DIRS.map((dir) => path.join(dir, BROTLI_MODULE));
  return {
    binary: (await executableFromEnv("NGINX_PATH", INSTALL_HINT)) ?? (await firstExecutable(BINARIES)),
    brotliModule: process.env.NGINX_BROTLI_MODULE || (await firstExecutable(modules, constants.R_OK)),
  };
}

/** A usable nginx and its brotli module; installs Debian's packages when it can. */
export async function ensureNginx(): Promise<NginxInstall> {
  let found = await find();
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
