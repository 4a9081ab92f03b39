import type { Plugin } from "vite";
import { beforePrerender } from "./before-prerender";

/**
 * What each step of the build cost, in its own log: one line per step as it
 * ends (`Step time: critical CSS and security headers: 41.2 s`), so that the
 * next slowdown shows in the first build after it, and the bench's growth
 * section reads the same lines (`parseStepTimes`). Wall time, as the build's
 * user waits for it, and the process's CPU time (user and system, all its
 * threads: libuv's pool compresses) over the same span, which a machine
 * shared with other work does not inflate as it does the wall time.
 */

export const STEP_TIME_PREFIX = "Step time: ";

export interface StepTime {
  step: string;
  ms: number;
  /** The process's CPU time over the step; null from a build that printed none (before it did). */
  cpuMs: number | null;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `Step time: {step}: 12.3 s`, or `Step time: {step}: 12.3 s (CPU 15.0 s)`. */
export function stepTimeLine(step: string, ms: number, cpuMs?: number): string {
  return `${STEP_TIME_PREFIX}${step}: ${seconds(ms)}${cpuMs === undefined ? "" : ` (CPU ${seconds(cpuMs)})`}`;
}

const STEP_TIME_LINE = /^Step time: (.+?): (\d+(?:\.\d+)?) s(?: \(CPU (\d+(?:\.\d+)?) s\))?$/;

/** The step times a build printed, in order; a step printed twice counts twice. */
export function parseStepTimes(output: string): StepTime[] {
  const times: StepTime[] = [];
  for (const line of output.split("\n")) {
    const match = STEP_TIME_LINE.exec(line.trim());
    if (match)
      times.push({
        step: match[1]!,
        ms: Math.round(Number(match[2]) * 1000),
        cpuMs: match[3] === undefined ? null : Math.round(Number(match[3]) * 1000),
      });
  }
  return times;
}

/** The process's CPU time so far (user and system, every thread), in ms. */
export function cpuMsSoFar(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Runs one step and logs its wall and CPU time once it has ended (a failed step's time would explain nothing). */
export async function timedStep<T>(
  step: string,
  run: () => T | Promise<T>,
  log: (line: string) => void = console.info,
  cpuClock: () => number = cpuMsSoFar,
): Promise<T> {
  const started = performance.now();
  const cpuStarted = cpuClock();
  const result = await run();
  log(stepTimeLine(step, performance.now() - started, cpuClock() - cpuStarted));
  return result;
}

export const PRERENDER_STEP = "prerender (React Router)";

/** The sum of the steps after prerendering (React Router's buildEnd, pipeline/preset.ts). */
export const AFTER_PRERENDER_STEPS = "all steps after prerendering";

/**
 * React Router's prerendering, timed from just before it (a "pre"
 * `writeBundle` of the server build, pipeline/before-prerender.ts) to just
 * after it (a "post" one: React Router prerenders in its own, unordered
 * one); the SPA fallback is in it.
 */
export function prerenderStepTime(
  log: (line: string) => void = console.info,
  cpuClock: () => number = cpuMsSoFar,
): Plugin[] {
  let started: number | null = null;
  let cpuStarted = 0;
  let ssr = false;
  return [
    beforePrerender("studio:prerender-start", () => {
      started = performance.now();
      cpuStarted = cpuClock();
    }),
    {
      name: "studio:prerender-end",
      apply: "build",
      configResolved(config) {
        ssr = Boolean(config.build.ssr);
      },
      writeBundle: {
        order: "post",
        sequential: true,
        handler() {
          if (ssr && started !== null)
            log(stepTimeLine(PRERENDER_STEP, performance.now() - started, cpuClock() - cpuStarted));
        },
      },
    },
  ];
}
