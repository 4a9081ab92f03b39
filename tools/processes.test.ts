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

  it("with group, returns only once what the child started has exited too", async () => {
    // the leader exits on SIGTERM at once; the process it started takes 300 ms to finish its own shutdown
    const grandchild = `process.on('SIGTERM', () => setTimeout(() => process.exit(0), 300)); console.log('ready'); setInterval(() => {}, 1000);`;
    const leader = spawn(
      process.execPath,
      [
        "-e",
        `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: ['ignore', 'inherit', 'ignore'] });
         console.log(c.pid); process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "ignore"], detached: true },
    );
    // the grandchild's pid, and its word (on the leader's stdout, which it shares) that its SIGTERM handler is in place
    const output = await new Promise<string>((resolve) => {
      let text = "";
      leader.stdout.on("data", (data: Buffer) => {
        text += String(data);
        if (/^\d+$/m.test(text) && /^ready$/m.test(text)) resolve(text);
      });
    });
    const grandchildPid = Number(/^(\d+)$/m.exec(output)![1]);
    await stopChild(leader, { graceMs: 3000, group: true });
    expect(() => process.kill(grandchildPid, 0)).toThrow();
  });

  it("returns at once for a child that has exited", async () => {
    const child = node("console.log('up')");
    await exitOf(child);
    await stopChild(child);
    expect(await exitOf(child)).toBe(0);
  });
});
