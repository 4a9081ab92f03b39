import { readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readStartReady, writeStartReady } from "./start-ready";
import { tempDirOfTests } from "../test-support/temp-dir";

const dir = tempDirOfTests("start-ready-");
const file = () => path.join(dir(), "ready.json");

const ready = { siteUrl: "http://0.0.0.0:38211", sitePort: 38211, contentOrigin: "http://127.0.0.1:41234" };

describe("npm start's ready file", () => {
  it("is nothing until written, then the addresses written, with no temp file left beside it", async () => {
    expect(await readStartReady(file())).toBeNull();
    await writeStartReady(file(), ready);
    expect(await readStartReady(file())).toEqual(ready);
    expect(await readdir(dir())).toEqual(["ready.json"]);
    await rm(file(), { force: true });
    expect(await readStartReady(file())).toBeNull();
  });

  it("has no content origin when the site reads Storyblok", async () => {
    await writeStartReady(file(), { ...ready, contentOrigin: null });
    expect(await readStartReady(file())).toMatchObject({ contentOrigin: null });
  });

  it("is refused when it is not the schema's, with the file and the fault named", async () => {
    await writeFile(file(), "  Site:            http://localhost:3000\n");
    await expect(readStartReady(file())).rejects.toThrow(`${file()} is not npm start's ready file: not JSON`);
    await writeFile(file(), JSON.stringify({ ...ready, sitePort: "38211" }));
    await expect(readStartReady(file())).rejects.toThrow(`${file()} is not npm start's ready file: sitePort: `);
    await expect(writeStartReady(file(), { ...ready, siteUrl: "localhost:3000" })).rejects.toThrow(
      "must be an http(s) URL",
    );
  });
});
