import type { Plugin } from "vite";
import { beforePrerender } from "./before-prerender";

/**
 * What each step of the build cost, in its own log: one line per step as it
 * ends (`Step time: critical CSS and security headers: 41.2 s`), so that the
 * next slowdown shows in the first build after it, and the bench's growth
 * section reads the same lines (`parseStepTimes`). Wall time, as the build's
 * user waits for it.
 */

export const STEP_TIME_PREFIX = "Step time: ";

export interface StepTime {
  step: string;
  ms: number;
}

/** `Step time: {step}: 12.3 s`. */
export function stepTimeLine(step: string, ms: number): string {
  return `${STEP_TIME_PREFIX}${step}: ${(ms / 1000).toFixed(1)} s`;
}

const STEP_TIME_LINE = /^Step time: (.+): (\d+(?:\.\d+)?) s$/;

/** The step times a build printed, in order; a step printed twice counts twice. */
export function parseStepTimes(output: string): StepTime[] {
  const times: StepTime[] = [];
  for (const line of output.split("\n")) {
    const match = STEP_TIME_LINE.exec(line.trim());
    if (match) times.push({ step: match[1]!, ms: Math.round(Number(match[2]) * 1000) });
  }
  return times;
}

/** Runs one step and logs its wall time once it has ended (a failed step's time would explain nothing). */
export async function timedStep<T>(
  step: string,
  run: () => T | Promise<T>,
  log: (line: string) => void = console.info,
): Promise<T> {
  const started = performance.now();
  const result = await run();
  log(stepTimeLine(step, performance.now() - started));
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
export function prerenderStepTime(log: (line: string) => void = console.info): Plugin[] {
  let started: number | null = null;
  let ssr = false;
  return [
    beforePrerender("studio:prerender-start", () => {
      started = performance.now();
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
          if (ssr && started !== null) log(stepTimeLine(PRERENDER_STEP, performance.now() - started));
        },
      },
    },
  ];
}
