import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { MANIFEST_FILE } from "../release/headers-manifest";
import { RELEASE_FILE } from "../release/release-info";
import { buildBeside, nextBuildDir } from "./build-beside";
import { tempDirOfTests } from "../test-support/temp-dir";

const base = tempDirOfTests("build-beside-test-");
let buildDir: string;

/** A build's folder with its pages; `complete` adds the files the build writes last. */
async function writeBuild(dir: string, title: string, complete: boolean): Promise<void> {
  await mkdir(path.join(dir, "client"), { recursive: true });
  await writeFile(path.join(dir, "client", "index.html"), `<title>${title}</title>`);
  if (!complete) {
    await writeFile(path.join(dir, "client", "_headers.tmp"), "/*\n");
    await writeFile(path.join(dir, "client", `${MANIFEST_FILE}.tmp`), "{");
    return;
  }
  await writeFile(path.join(dir, "client", MANIFEST_FILE), "{}");
  await writeFile(path.join(dir, RELEASE_FILE), "{}");
}

const homeOf = (dir: string) => readFile(path.join(dir, "client", "index.html"), "utf8");

beforeEach(async () => {
  buildDir = path.join(base(), "build");
  await writeBuild(buildDir, "last good", true);
});

describe("buildBeside", () => {
  it("switches a complete build in and removes the previous one", async () => {
    const result = await buildBeside(buildDir, async (dir) => {
      // the previous build is served while this one is made
      expect(await homeOf(buildDir)).toBe("<title>last good</title>");
      await writeBuild(dir, "new", true);
      return "built";
    });
    expect(result).toBe("built");
    expect(await homeOf(buildDir)).toBe("<title>new</title>");
    expect(existsSync(nextBuildDir(buildDir))).toBe(false);
    expect(existsSync(`${buildDir}.old`)).toBe(false);
  });

  it("leaves the last good build alone when the build is stopped in the middle", async () => {
    const stopped = buildBeside(buildDir, async (dir) => {
      await writeBuild(dir, "half made", false);
      throw new Error("the build failed (SIGTERM)");
    });
    await expect(stopped).rejects.toThrow("SIGTERM");
    expect(await homeOf(buildDir)).toBe("<title>last good</title>");
    expect(existsSync(path.join(buildDir, "client", "_headers.tmp"))).toBe(false);
    expect(existsSync(nextBuildDir(buildDir))).toBe(false);
  });

  it("refuses a build that ended without its manifest and release.json", async () => {
    const unfinished = buildBeside(buildDir, (dir) => writeBuild(dir, "half made", false));
    await expect(unfinished).rejects.toThrow(/without client\/\.security-headers\.json: it is not complete/);
    expect(await homeOf(buildDir)).toBe("<title>last good</title>");
    expect(existsSync(nextBuildDir(buildDir))).toBe(false);
  });

  it("makes a first build where there was none, over what an earlier stop left", async () => {
    await rm(buildDir, { recursive: true });
    await writeBuild(nextBuildDir(buildDir), "left over", false);
    await buildBeside(buildDir, async (dir) => {
      expect(existsSync(dir)).toBe(false);
      await writeBuild(dir, "first", true);
    });
    expect(await homeOf(buildDir)).toBe("<title>first</title>");
  });
});
