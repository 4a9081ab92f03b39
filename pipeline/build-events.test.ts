import { appendFile, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildEventWriter, followBuildEvents, parseBuildEventLine, warnBuild, type BuildEvent } from "./build-events";
import { tempDirOfTests } from "../test-support/temp-dir";

const dir = tempDirOfTests("build-events-");
const file = () => path.join(dir(), "events.ndjson");

const where = { file: "ev.ndjson", line: 3 };

describe("buildEventWriter", () => {
  it("appends each event as one JSON line", async () => {
    const write = buildEventWriter(file());
    write({ event: "prerender-start" });
    write({ event: "content-requests", count: 20 });
    expect(await readFile(file(), "utf8")).toBe(
      '{"event":"prerender-start"}\n{"event":"content-requests","count":20}\n',
    );
  });

  it("writes no line outside the schema, and a failed write ends the events with one warning, never the build", async () => {
    const warn = vi.fn();
    const write = buildEventWriter(file(), warn);
    write({ event: "prerender-start" });
    expect(() => write({ event: "content-requests", count: -1 })).not.toThrow();
    write({ event: "content-requests", count: 20 });
    expect(await readFile(file(), "utf8")).toBe('{"event":"prerender-start"}\n');
    expect(warn).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^WARNING \(build events\): no more events go to /));
  });

  it("writes nothing when the build has no events file", () => {
    expect(() => buildEventWriter(undefined)({ event: "prerender-start" })).not.toThrow();
  });
});

describe("warnBuild", () => {
  it("prints the warning and hands the same text to the events file", () => {
    const log = vi.fn();
    const events = vi.fn();
    warnBuild(events, "WARNING (security headers): media from http://elsewhere", log);
    expect(log).toHaveBeenCalledExactlyOnceWith("WARNING (security headers): media from http://elsewhere");
    expect(events).toHaveBeenCalledExactlyOnceWith({
      event: "warning",
      text: "WARNING (security headers): media from http://elsewhere",
    });
  });
});

describe("parseBuildEventLine", () => {
  it("reads each kind of event", () => {
    const events: BuildEvent[] = [
      { event: "prerender-start" },
      { event: "page", file: "en/about/index.html" },
      { event: "content-requests", count: 14 },
      { event: "step", step: "font subset", ms: 812, cpuMs: 790, peakRssBytes: 400_000_000 },
      { event: "warning", text: "WARNING: a token that reads drafts" },
    ];
    expect(events.map((event) => parseBuildEventLine(JSON.stringify(event), where))).toEqual(events);
  });

  it("names the file, the line and the fault of a line that is not an event", () => {
    expect(() => parseBuildEventLine("Step time: font subset: 0.8 s", where)).toThrow(
      'ev.ndjson, line 3 is not a build event: not JSON: "Step time: font subset: 0.8 s"',
    );
    expect(() => parseBuildEventLine('{"event":"step","step":"font subset","ms":"812","cpuMs":1}', where)).toThrow(
      /^ev\.ndjson, line 3 is not a build event: ms: Invalid type/,
    );
    expect(() => parseBuildEventLine('{"event":"pages","count":3}', where)).toThrow(
      /^ev\.ndjson, line 3 is not a build event: event: /,
    );
  });
});

describe("followBuildEvents", () => {
  let follower: ReturnType<typeof followBuildEvents> | undefined;
  afterEach(() => follower?.stop().catch(() => undefined));

  it("waits for the file, hands on each complete line in order, and reads the rest when stopped", async () => {
    const seen: BuildEvent[] = [];
    follower = followBuildEvents(file(), (event) => seen.push(event), { pollMs: 10 });
    await appendFile(file(), '{"event":"prerender-start"}\n{"event":"page","file":"index.h');
    await vi.waitFor(() => expect(seen).toEqual([{ event: "prerender-start" }]));
    // the cut line waits for its end; a character cut in two bytes as well
    const cut = Buffer.from('tml"}\n{"event":"warning","text":"WARNING: Ä"}\n');
    const at = cut.indexOf(Buffer.from("Ä")) + 1;
    await appendFile(file(), cut.subarray(0, at));
    await appendFile(file(), cut.subarray(at));
    await follower.stop();
    expect(seen).toEqual([
      { event: "prerender-start" },
      { event: "page", file: "index.html" },
      { event: "warning", text: "WARNING: Ä" },
    ]);
  });

  it("stops at a bad line, and stop() rejects with what is wrong with it", async () => {
    const seen: BuildEvent[] = [];
    await appendFile(file(), '{"event":"prerender-start"}\nPrerender (html): / -> build/client/index.html\n');
    follower = followBuildEvents(file(), (event) => seen.push(event), { pollMs: 10 });
    await expect(follower.stop()).rejects.toThrow(`${file()}, line 2 is not a build event: not JSON`);
    expect(seen).toEqual([{ event: "prerender-start" }]);
  });
});
