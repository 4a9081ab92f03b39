import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { precompress } from "./precompress";

let dir: string;
const script = `export const text = ${JSON.stringify("halbton ".repeat(400))};\n`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "precompress-test-"));
  await mkdir(path.join(dir, "assets"), { recursive: true });
  await writeFile(path.join(dir, "assets", "entry-abc.js"), script);
  await writeFile(path.join(dir, "tiny.css"), "a{}");
  await writeFile(path.join(dir, "photo.webp"), Buffer.alloc(4096, 7));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it("writes brotli and gzip siblings for text files worth compressing, and nothing else", async () => {
  const result = await precompress(dir);
  expect(result.files).toBe(1);
  const file = path.join(dir, "assets", "entry-abc.js");
  expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(script);
  expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(script);
  expect(existsSync(path.join(dir, "tiny.css.br"))).toBe(false);
  expect(existsSync(path.join(dir, "photo.webp.br"))).toBe(false);
});
