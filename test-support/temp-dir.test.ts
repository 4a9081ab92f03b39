import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { tempDirOfThisTest, tempDirOfTests } from "./temp-dir";

// the cases run in order: each checks what the one before it left behind
describe("tempDirOfTests, a folder for each test", () => {
  const dir = tempDirOfTests("temp-dir-each-");
  const seen: string[] = [];

  afterEach(async () => {
    // still there for the block's own after-hooks
    await writeFile(path.join(dir(), "after.txt"), "after");
  });

  it("makes an empty folder before the test", () => {
    seen.push(dir());
    expect(existsSync(dir())).toBe(true);
  });

  it("makes a new one for the next test and removed the last", () => {
    seen.push(dir());
    expect(seen[1]).not.toBe(seen[0]);
    expect(existsSync(seen[0]!)).toBe(false);
  });
});

const sharedDirs: string[] = [];

describe("tempDirOfTests, one folder for the block", () => {
  const dir = tempDirOfTests("temp-dir-all-", "all");

  afterAll(async () => {
    // still there for the block's own after-hooks
    await writeFile(path.join(dir(), "after.txt"), "after");
  });

  it("is there for the first test", async () => {
    sharedDirs.push(dir());
    await writeFile(path.join(dir(), "kept.txt"), "kept");
    expect(existsSync(dir())).toBe(true);
  });

  it("is the same folder, with what the first test wrote, for the next", () => {
    sharedDirs.push(dir());
    expect(sharedDirs[1]).toBe(sharedDirs[0]);
    expect(existsSync(path.join(dir(), "kept.txt"))).toBe(true);
  });
});

it("removed the block's folder once the block had ended", () => {
  expect(sharedDirs).toHaveLength(2);
  expect(existsSync(sharedDirs[0]!)).toBe(false);
});

describe("tempDirOfThisTest", () => {
  let made = "";

  it("makes a folder for the running test", async () => {
    made = await tempDirOfThisTest("temp-dir-test-");
    expect(existsSync(made)).toBe(true);
  });

  it("removed it when that test finished", () => {
    expect(made).not.toBe("");
    expect(existsSync(made)).toBe(false);
  });
});
