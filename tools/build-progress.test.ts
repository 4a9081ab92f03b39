import { describe, expect, it } from "vitest";
import { BuildProgress } from "./build-progress";

describe("BuildProgress", () => {
  it("counts the build's page events and takes its content request count", () => {
    const progress = new BuildProgress();
    progress.take({ event: "prerender-start" });
    progress.take({ event: "page", file: "index.html" });
    progress.take({ event: "page", file: "about/index.html" });
    progress.take({ event: "step", step: "prerender (React Router)", ms: 5000, cpuMs: 2000, peakRssBytes: 3e8 });
    expect(progress.summary()).toBe("2 pages");
    progress.take({ event: "content-requests", count: 14 });
    expect(progress.pages).toBe(2);
    expect(progress.requests).toBe(14);
    expect(progress.summary()).toBe("2 pages (14 content requests)");
  });

  it("hands on the build's warning events and nothing else", () => {
    const progress = new BuildProgress();
    expect(progress.take({ event: "page", file: "index.html" })).toBeUndefined();
    expect(progress.take({ event: "warning", text: "WARNING (security headers): media from http://elsewhere" })).toBe(
      "WARNING (security headers): media from http://elsewhere",
    );
  });

  it("counts nothing from the build's log, whose lines it keeps only to explain a failure", () => {
    const progress = new BuildProgress();
    progress.line("Prerender (html): / -> build/client/index.html");
    progress.line("Content: 14 request(s) to the local content service");
    expect(progress.summary()).toBe("0 pages");
    expect(progress.tail()).toBe(
      "Prerender (html): / -> build/client/index.html\nContent: 14 request(s) to the local content service",
    );
  });

  it("keeps the last 30 lines", () => {
    const progress = new BuildProgress();
    for (let index = 0; index < 100; index++) progress.line(`line ${index}`);
    const tail = progress.tail().split("\n");
    expect(tail).toHaveLength(30);
    expect(tail[0]).toBe("line 70");
    expect(tail.at(-1)).toBe("line 99");
  });
});
