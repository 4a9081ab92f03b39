import { Worker } from "node:worker_threads";
import type { PolicyInputs } from "../release/headers-manifest";
import type { PreparedPage } from "./finish-pages";
import type { BehaviourFiles } from "./islands";
import type { FinishedPage } from "./security-headers";

/**
 * The build's two passes over the pages on worker threads, one per core
 * (decision 0015): after React Router's prerender they are most of the
 * build's CPU, page after page (the first pass's edits; the second's
 * inline styles and policy), and each page is done on its own. Each worker
 * (pipeline/page-worker.ts) has its own parser and stylesheets; the build's
 * thread hands out the pages and takes their results in page order
 * (`inOrder`, pipeline/security-headers.ts), so everything comes out as on
 * one thread.
 */

/** The first pass's settings (pipeline/finish-pages.ts, `preparePageFile`). */
export interface FirstPassSetup {
  pass: "first";
  clientDir: string;
  headScript: string;
  behaviours: BehaviourFiles | null;
}

/** The second pass's (pipeline/security-headers.ts, `finishPageFile`); `styles` null: hashed as they are. */
export interface SecondPassSetup {
  pass: "second";
  clientDir: string;
  inputs: PolicyInputs;
  styles: { fontFaces: string | null } | null;
  /** Each page's compressed siblings written too. */
  compress: boolean;
}

export type PassSetup = FirstPassSetup | SecondPassSetup;

export type PageRequest = { setup: PassSetup } | { id: number; relative: string };

export type PageAnswer =
  { ready: true } | { id: number; page: PreparedPage | FinishedPage } | { id: number; error: string };

const ENTRY = new URL("./page-worker.ts", import.meta.url).href;
const BOOTSTRAP = new URL("./typescript-worker.mjs", import.meta.url);

interface Waiting {
  resolve: (page: PreparedPage | FinishedPage) => void;
  reject: (error: Error) => void;
}

export class PageWorkers {
  private nextId = 0;
  private readonly pending = new Map<number, Waiting>();
  /** Pages each worker has been given and not yet answered. */
  private readonly busy: number[];
  private failure: Error | null = null;
  private closing = false;

  private constructor(private readonly workers: Worker[]) {
    this.busy = workers.map(() => 0);
    workers.forEach((worker, index) => {
      worker.on("message", (answer: PageAnswer) => {
        if ("ready" in answer) return;
        this.busy[index]! -= 1;
        const waiting = this.pending.get(answer.id);
        this.pending.delete(answer.id);
        if ("error" in answer) waiting?.reject(new Error(answer.error));
        else waiting?.resolve(answer.page);
      });
      worker.on("error", (error) => this.fail(error));
      worker.on("exit", (code) => {
        if (!this.closing) this.fail(new Error(`a page worker exited with code ${code}`));
      });
    });
  }

  get threads(): number {
    return this.workers.length;
  }

  /** `threads` workers, each ready (its modules loaded) when this resolves. */
  static async start(threads: number): Promise<PageWorkers> {
    const workers = Array.from({ length: threads }, () => new Worker(BOOTSTRAP, { workerData: { entry: ENTRY } }));
    const ready = workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          const exited = (code: number) => reject(new Error(`a page worker exited with code ${code}`));
          worker.once("error", reject);
          worker.once("exit", exited);
          worker.once("message", () => {
            // only these: the worker's own listeners (which start its port for "message") stay
            worker.off("error", reject);
            worker.off("exit", exited);
            resolve();
          });
        }),
    );
    try {
      await Promise.all(ready);
    } catch (error) {
      await Promise.all(workers.map((worker) => worker.terminate()));
      throw error;
    }
    return new PageWorkers(workers);
  }

  /** The pass the pages given from now on go through (a worker reads its messages in order). */
  setUp(setup: PassSetup): void {
    for (const worker of this.workers) worker.postMessage({ setup } satisfies PageRequest);
  }

  /** One page through the pass set up, by the worker with the fewest pages waiting (pages differ in cost). */
  run<Page extends PreparedPage | FinishedPage>(relative: string): Promise<Page> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const index = this.busy.indexOf(Math.min(...this.busy));
    this.busy[index]! += 1;
    return new Promise<Page>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as Waiting["resolve"], reject });
      this.workers[index]!.postMessage({ id, relative } satisfies PageRequest);
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  /** Ends the workers (again: nothing). */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
