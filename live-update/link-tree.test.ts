import { mkdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import type * as FsPromises from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tempDirOfTests } from "../test-support/temp-dir";
import { linkTree } from "./link-tree";

const linkFailure = vi.hoisted(() => ({ code: null as string | null }));

vi.mock("node:fs/promises", async (importOriginal) => {
  const original = await importOriginal<typeof FsPromises>();
  return {
    ...original,
    link: (from: string, to: string) =>
      linkFailure.code === null
        ? original.link(from, to)
        : Promise.reject(Object.assign(new Error(`${linkFailure.code}: link`), { code: linkFailure.code })),
  };
});

const dir = tempDirOfTests("link-tree-test-");

afterEach(() => {
  linkFailure.code = null;
});

/** A folder of two files, one in a subfolder, dated 2020. */
async function tree(): Promise<{ from: string; to: string }> {
  const from = path.join(dir(), "from");
  await mkdir(path.join(from, "assets"), { recursive: true });
  await writeFile(path.join(from, "index.html"), "<p>page</p>");
  await writeFile(path.join(from, "assets", "a.css"), "p{}");
  const then = new Date("2020-01-02T03:04:05Z");
  for (const file of ["index.html", "assets/a.css"]) await utimes(path.join(from, file), then, then);
  return { from, to: path.join(dir(), "to") };
}

describe("linkTree", () => {
  it("links every file of the folder into the copy", async () => {
    const { from, to } = await tree();
    expect(await linkTree(from, to)).toBe(2);
    expect((await stat(path.join(to, "assets", "a.css"))).ino).toBe(
      (await stat(path.join(from, "assets", "a.css"))).ino,
    );
  });

  // EXDEV: another file system; EPERM: one without hard links (FAT, some mounts)
  it.each(["EXDEV", "EPERM"])("copies, with its times, a file it cannot link (%s)", async (code) => {
    const { from, to } = await tree();
    linkFailure.code = code;
    expect(await linkTree(from, to)).toBe(2);
    const copy = await stat(path.join(to, "index.html"));
    expect([copy.ino === (await stat(path.join(from, "index.html"))).ino, copy.mtime.toISOString()]).toEqual([
      false,
      "2020-01-02T03:04:05.000Z",
    ]);
    expect(await readFile(path.join(to, "assets", "a.css"), "utf8")).toBe("p{}");
  });

  it("fails on any other error", async () => {
    const { from, to } = await tree();
    linkFailure.code = "ENOSPC";
    await expect(linkTree(from, to)).rejects.toThrow("ENOSPC");
  });
});
