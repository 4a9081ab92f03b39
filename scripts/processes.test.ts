import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { exitOf, freePort, stopChild } from "./processes";

function node(script: string) {
  return spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "ignore"] });
}

/** Resolves once the child has printed its first output (its signal handlers are installed by then). */
function started(child: ReturnType<typeof node>): Promise<void> {
  return new Promise((resolve) => child.stdout.once("data", () => resolve()));
}

describe("freePort", () => {
  it("gives a port a server can listen on at once", async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    await new Promise((resolve) => server.close(resolve));
  });
});

describe("stopChild", () => {
  it("stops a child with the polite signal when it heeds it", async () => {
    const child = node("process.on('SIGTERM', () => process.exit(7)); console.log('up'); setInterval(() => {}, 1000);");
    await started(child);
    const before = performance.now();
    await stopChild(child, { graceMs: 5000 });
    expect(child.exitCode).toBe(7);
    expect(performance.now() - before).toBeLessThan(4000);
  });

  it("kills a child that ignores it once the grace time is over", async () => {
    const child = node("process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000);");
    await started(child);
    await stopChild(child, { graceMs: 200 });
    expect(child.signalCode).toBe("SIGKILL");
  });

  it("returns at once for a child that has exited", async () => {
    const child = node("console.log('up')");
    await exitOf(child);
    await stopChild(child);
    expect(await exitOf(child)).toBe(0);
  });
});
