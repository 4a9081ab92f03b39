import { mkdir, readFile, utimes, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, expect, it } from "vitest";
import { precompress, precompressFiles } from "./precompress";
import { writeSecurityHeaders } from "./security-headers";
import { tempDirOfThisTest, tempDirOfTests } from "../test-support/temp-dir";

const dir = tempDirOfTests("precompress-test-", "all");
const script = `export const text = ${JSON.stringify("halbton ".repeat(400))};\n`;

beforeAll(async () => {
  await mkdir(path.join(dir(), "assets"), { recursive: true });
  await writeFile(path.join(dir(), "assets", "entry-abc.js"), script);
  await writeFile(path.join(dir(), "tiny.css"), "a{}");
  await writeFile(path.join(dir(), "photo.webp"), Buffer.alloc(4096, 7));
  await writeFile(path.join(dir(), ".security-headers.json"), JSON.stringify({ documents: "x".repeat(4000) }));
});

it("writes brotli and gzip siblings for text files worth compressing, and nothing else", async () => {
  const result = await precompress(dir());
  expect(result.files).toBe(1);
  const file = path.join(dir(), "assets", "entry-abc.js");
  expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(script);
  expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(script);
  expect(existsSync(path.join(dir(), "tiny.css.br"))).toBe(false);
  expect(existsSync(path.join(dir(), "photo.webp.br"))).toBe(false);
  // build metadata is never served, so never compressed
  expect(existsSync(path.join(dir(), ".security-headers.json.br"))).toBe(false);
});

it("skips files whose siblings are up to date, and redoes those that changed", async () => {
  const again = await precompress(dir());
  expect(again).toMatchObject({ files: 0, upToDate: 1 });
  const file = path.join(dir(), "assets", "entry-abc.js");
  const changed = `${script}// changed\n`;
  await writeFile(file, changed);
  const later = new Date(Date.now() + 5000);
  await utimes(file, later, later);
  expect(await precompress(dir())).toMatchObject({ files: 1, upToDate: 0 });
  expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(changed);
});

it("reports a file it could not compress rather than dropping it", async () => {
  await expect(precompressFiles(dir(), [path.join(dir(), "assets", "gone.js")])).rejects.toThrow(/ENOENT/);
});

it("finds the pages the second pass compressed up to date, their siblings made from the page as served", async () => {
  const build = await tempDirOfThisTest("precompress-pages-");
  const page = path.join(build, "about", "index.html");
  await mkdir(path.dirname(page), { recursive: true });
  await writeFile(
    page,
    `<!DOCTYPE html><html><head><meta charset="utf-8"><script>${"1;".repeat(10)}</script></head><body>${"<p>Halbton</p>".repeat(200)}</body></html>`,
  );
  const inputs = { mode: "production", apiOrigin: "http://localhost:4100", assetOrigins: [] } as const;
  await writeSecurityHeaders(build, { ...inputs, assetOrigins: [...inputs.assetOrigins] }, { compress: true });
  const served = await readFile(page, "utf8");
  // the policy went into the page before its siblings were made
  expect(served).toContain('http-equiv="Content-Security-Policy"');
  expect(brotliDecompressSync(await readFile(`${page}.br`)).toString()).toBe(served);
  expect(gunzipSync(await readFile(`${page}.gz`)).toString()).toBe(served);
  expect(await precompress(build)).toMatchObject({ files: 0, upToDate: 1 });
});
