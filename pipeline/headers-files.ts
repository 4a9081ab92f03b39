import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_FILE, commonSecurityHeaders, type ManifestHeader } from "../release/headers-manifest";
import { HEADERS_FILE, NGINX_CONFIG_FILE } from "../release/host-files";
import { contentSecurityPolicy, headerOnlyPolicyOf } from "./csp";
import { IMMUTABLE, nginxConfigHead, nginxConfigTail, nginxMapEntries } from "./host-config";

/**
 * The files that carry the pages' security headers. Two carry each page's
 * Content-Security-Policy and are written one page at a time (at 10,000
 * articles they are 17 and 50 MB, and built as whole strings they were the
 * build's peak memory):
 * - `{client}/.security-headers.json`, the manifest the site server reads;
 * - `{client}/../nginx/studio-site.conf`, the nginx site (pipeline/host-config.ts).
 * The third, `{client}/_headers` for static hosts (Netlify, Cloudflare
 * Pages), has two rules whatever the pages: a page's own policy travels in
 * its `<meta http-equiv>` (pipeline/csp.ts, `withPolicyMeta`), and `/*`
 * adds what a meta element cannot carry (frame-ancestors).
 * Pages come in `comparePagePaths` order, the order of all three files.
 * Each file is written beside its place and renamed into it when complete.
 */

/** Cloudflare Pages reads at most this many rules from `_headers` (and skips the rest with a warning). */
export const CLOUDFLARE_RULE_LIMIT = 100;

/** The order of the pages in every headers file. */
export function comparePagePaths(a: string, b: string): number {
  return a.localeCompare(b);
}

/** Whether the site's content comes over https only: then pages get upgrade-insecure-requests and HSTS. */
function servedOverHttps(header: ManifestHeader): boolean {
  // a build against the local content service loads media over http: no upgrade, no HSTS
  return [header.policy.apiOrigin, ...header.policy.assetOrigins].every((origin) => origin.startsWith("https:"));
}

/**
 * `_headers` in the format Netlify and Cloudflare Pages share: a path line,
 * then indented `Name: value` lines; every rule that matches a path
 * applies. Two rules, so that every host reads all of them: `/*` with the
 * common headers and the part of the policy only a header can carry (a
 * page's own policy is in the page; both are enforced), `/assets/*` cached
 * for good.
 */
export function headersFileText(header: ManifestHeader): string {
  const https = servedOverHttps(header);
  const framing = headerOnlyPolicyOf(contentSecurityPolicy(header.policy, []));
  const lines = [
    `# Written by pipeline/headers-files.ts for static hosts (Netlify, Cloudflare Pages); ${header.mode} build.`,
    "# Each page carries its own Content-Security-Policy (the sha256 of its inline scripts) in a <meta http-equiv>;",
    "# this file adds what a meta element cannot carry.",
    "/*",
    ...Object.entries(commonSecurityHeaders(header.mode, { https })).map(([name, value]) => `  ${name}: ${value}`),
    `  Content-Security-Policy: ${https ? `${framing}; upgrade-insecure-requests` : framing}`,
    "/assets/*",
    `  Cache-Control: ${IMMUTABLE}`,
  ];
  return `${lines.join("\n")}\n`;
}

/** `JSON.stringify(manifest, null, 2)` up to the first document. */
function manifestHead(header: ManifestHeader): string {
  const fields = JSON.stringify({ version: header.version, mode: header.mode, policy: header.policy }, null, 2);
  return `${fields.slice(0, -"\n}".length)},\n  "documents": {`;
}

/** A text file written in pieces, with the stream's back-pressure, to `{file}.tmp` until it is complete. */
class PieceFile {
  private readonly stream: WriteStream;
  private failure: Error | null = null;

  constructor(readonly file: string) {
    this.stream = createWriteStream(`${file}.tmp`);
    this.stream.on("error", (error) => (this.failure = error));
  }

  async write(text: string): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.write(text)) await once(this.stream, "drain");
  }

  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    await once(this.stream.end(), "finish");
    await rename(`${this.file}.tmp`, this.file);
  }

  async abandon(): Promise<void> {
    this.stream.destroy();
    await rm(`${this.file}.tmp`, { force: true });
  }
}

export class HeadersFilesWriter {
  private documents = 0;
  private previous: string | null = null;

  private constructor(
    private readonly header: ManifestHeader,
    private readonly manifest: PieceFile,
    private readonly headers: PieceFile,
    private readonly nginx: PieceFile,
  ) {}

  /**
   * Starts the three files of the client folder `clientDir`. `nginxKeys`:
   * how many request paths the pages to come have (`nginxMapKeys` of each), which
   * sizes nginx's map before its entries.
   */
  static async open(clientDir: string, header: ManifestHeader, nginxKeys: number): Promise<HeadersFilesWriter> {
    const nginxFile = path.join(path.dirname(clientDir), NGINX_CONFIG_FILE);
    await mkdir(path.dirname(nginxFile), { recursive: true });
    const writer = new HeadersFilesWriter(
      header,
      new PieceFile(path.join(clientDir, MANIFEST_FILE)),
      new PieceFile(path.join(clientDir, HEADERS_FILE)),
      new PieceFile(nginxFile),
    );
    await writer.manifest.write(manifestHead(header));
    await writer.headers.write(headersFileText(header));
    await writer.nginx.write(nginxConfigHead(header.mode, nginxKeys));
    return writer;
  }

  /** One page's policy (without upgrade-insecure-requests); pages come in `comparePagePaths` order. */
  async add(relative: string, csp: string): Promise<void> {
    if (this.previous !== null && comparePagePaths(this.previous, relative) >= 0) {
      throw new Error(`Headers files: ${relative} comes after ${this.previous}, not in page order`);
    }
    this.previous = relative;
    await this.manifest.write(`${this.documents ? "," : ""}\n    ${JSON.stringify(relative)}: ${JSON.stringify(csp)}`);
    await this.nginx.write(nginxMapEntries(relative, csp));
    this.documents += 1;
  }

  /** Completes the files and puts them in place. */
  async close(): Promise<{ documents: number }> {
    await this.manifest.write(this.documents ? "\n  }\n}\n" : "}\n}\n");
    await this.nginx.write(nginxConfigTail(this.header.mode, this.documents === 0));
    for (const file of [this.manifest, this.headers, this.nginx]) await file.finish();
    return { documents: this.documents };
  }

  /** Leaves the files as they were (a failed update must not put half a manifest in place). */
  async abandon(): Promise<void> {
    for (const file of [this.manifest, this.headers, this.nginx]) await file.abandon();
  }
}
