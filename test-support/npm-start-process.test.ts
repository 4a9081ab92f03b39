import { EventEmitter } from "node:events";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeStartReady } from "../tools/start-ready";
import { waitForStartReady } from "./npm-start-process";
import { tempDirOfTests } from "./temp-dir";

const dir = tempDirOfTests("npm-start-ready-");
const file = () => path.join(dir(), "ready.json");

const addresses = { siteUrl: "http://0.0.0.0:38211", sitePort: 38211, contentOrigin: "http://127.0.0.1:41234" };
const output = () => "  Site:            http://0.0.0.0:38211 (preview build)\n";

describe("waitForStartReady", () => {
  it("resolves with the addresses of npm start's ready file once it is written", async () => {
    const ready = waitForStartReady(file(), new EventEmitter(), { timeoutMs: 10_000, output, pollMs: 5 });
    await writeStartReady(file(), addresses);
    await expect(ready).resolves.toEqual(addresses);
  });

  it("rejects with npm start's output when it exits before it is ready", async () => {
    const child = new EventEmitter();
    const ready = waitForStartReady(file(), child, { timeoutMs: 10_000, output, pollMs: 5 });
    child.emit("exit", 1);
    await expect(ready).rejects.toThrow(`npm start exited with 1 before it served the site:\n${output()}`);
  });

  it("rejects with the fault of a ready file that is not the schema's", async () => {
    await writeFile(file(), JSON.stringify({ siteUrl: "http://localhost:3000" }));
    const ready = waitForStartReady(file(), new EventEmitter(), { timeoutMs: 10_000, output, pollMs: 5 });
    await expect(ready).rejects.toThrow(`${file()} is not npm start's ready file: sitePort: `);
  });

  it("rejects with its output after the time limit", async () => {
    const ready = waitForStartReady(file(), new EventEmitter(), { timeoutMs: 20, output, pollMs: 5 });
    await expect(ready).rejects.toThrow(`npm start served no site within 0.02 s:\n${output()}`);
  });
});
