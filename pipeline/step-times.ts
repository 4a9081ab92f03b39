import path from "node:path";
import type { Plugin } from "vite";
import { CLIENT_DIR, listHtmlFiles } from "../release/layout";
import { afterPrerender, beforePrerender } from "./before-prerender";
import { buildEventWriter, type BuildEventWriter } from "./build-events";
import { buildSettingsFrom } from "./build-settings";

/**
 * What each step of the build cost, in its own log: one line per step as it
 * ends (`Step time: critical CSS and security headers: 41.2 s`), so that the
 * next slowdown shows in the first build after it, and the same as a `step`
 * event in the build's events file (pipeline/build-events.ts), which the
 * bench's growth section reads. Wall time, as the build's
 * user waits for it, and the process's CPU time (user and system, all its
 * threads: libuv's pool compresses) over the same span, which a machine
 * shared with other work does not inflate as it does the wall time. With
 * each, the process's peak resident memory so far (every thread's: the page
 * workers are threads of it): it only grows, so the step it grew in is the
 * step that raised the build's peak.
 */

export interface StepTime {
  step: string;
  ms: number;
  cpuMs: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `Step time: {step}: 12.3 s (CPU 15.0 s, peak RSS 612 MB)`. */
export function stepTimeLine({ step, ms, cpuMs }: StepTime, peakRssBytes: number): string {
  return `Step time: ${step}: ${seconds(ms)} (CPU ${seconds(cpuMs)}, peak RSS ${Math.round(peakRssBytes / 2 ** 20)} MB)`;
}

/** The process's peak resident set size so far, in bytes. */
export function peakRssSoFar(): number {
  // maxRSS is in kilobytes (getrusage)
  return process.resourceUsage().maxRSS * 1024;
}

/** Where a step's time goes once it has ended. */
export type StepRecorder = (time: StepTime) => void;

/** Its line in the log, for people, and its event in the events file, for programs, with the peak RSS so far. */
export function stepRecorder(
  events: BuildEventWriter,
  log: (line: string) => void = console.info,
  peakRss: () => number = peakRssSoFar,
): StepRecorder {
  return (time) => {
    const peakRssBytes = peakRss();
    log(stepTimeLine(time, peakRssBytes));
    events({ event: "step", step: time.step, ms: Math.round(time.ms), cpuMs: Math.round(time.cpuMs), peakRssBytes });
  };
}

/** The process's CPU time so far (user and system, every thread), in ms. */
export function cpuMsSoFar(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Runs one step and records its wall and CPU time once it has ended (a failed step's time would explain nothing). */
export async function timedStep<T>(
  step: string,
  run: () => T | Promise<T>,
  record: StepRecorder,
  cpuClock: () => number = cpuMsSoFar,
): Promise<T> {
  const started = performance.now();
  const cpuStarted = cpuClock();
  const result = await run();
  record({ step, ms: performance.now() - started, cpuMs: cpuClock() - cpuStarted });
  return result;
}

export const PRERENDER_STEP = "prerender (React Router)";

/** The sum of the steps after prerendering (React Router's buildEnd, pipeline/preset.ts). */
export const AFTER_PRERENDER_STEPS = "all steps after prerendering";

/**
 * React Router's prerendering, timed from just before it (a "pre"
 * `writeBundle` of the server build, pipeline/before-prerender.ts) to just
 * after it (a "post" one: React Router prerenders in its own, unordered
 * one); the SPA fallback is in it. Its events: `prerender-start` before it,
 * and after it a `page` for each HTML file it wrote, then its `step`.
 * The build's events file is its settings' (BUILD_EVENTS_FILE), parsed when
 * the prerendering starts.
 */
export function prerenderStepTime(
  eventsFrom: () => BuildEventWriter = () => buildEventWriter(buildSettingsFrom(process.env).BUILD_EVENTS_FILE),
  log: (line: string) => void = console.info,
  cpuClock: () => number = cpuMsSoFar,
  peakRss: () => number = peakRssSoFar,
): Plugin[] {
  let started: number | null = null;
  let cpuStarted = 0;
  let events: BuildEventWriter = () => {};
  return [
    beforePrerender("studio:prerender-start", () => {
      events = eventsFrom();
      started = performance.now();
      cpuStarted = cpuClock();
      events({ event: "prerender-start" });
    }),
    afterPrerender("studio:prerender-end", async (serverOutDir) => {
      if (started === null) return;
      const ms = performance.now() - started;
      const cpuMs = cpuClock() - cpuStarted;
      // the server bundle goes to {build}/server, the pages to {build}/client
      for (const file of await listHtmlFiles(path.join(path.dirname(serverOutDir), CLIENT_DIR))) {
        events({ event: "page", file });
      }
      stepRecorder(events, log, peakRss)({ step: PRERENDER_STEP, ms, cpuMs });
    }),
  ];
}
