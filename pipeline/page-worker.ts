import { parentPort } from "node:worker_threads";
import { collectGarbage } from "./build-memory";
import { createStylesheets } from "./critical-css";
import { preparePageFile, type PageStyles } from "./finish-pages";
import { CharacterSet } from "./font-subset";
import type { PageRequest, PassSetup } from "./page-workers";
import { finishPageFile } from "./security-headers";

/** One worker of the build's passes over the pages (pipeline/page-workers.ts): pages in, what each pass learnt out. */

// module-level: the worker's one pass, set up by its first message and used by every later one
let run: ((relative: string) => Promise<unknown>) | null = null;

function setUp(setup: PassSetup): (relative: string) => Promise<unknown> {
  if (setup.pass === "first") {
    // the characters this worker has met: its pages come in page order, so the build's thread merges them in order,
    // provided they are also done in that order: one page at a time (two in flight would meet their characters in
    // whichever order their reads finish)
    const characters = new CharacterSet();
    let previous: Promise<unknown> = Promise.resolve();
    return (relative) => {
      const page = previous.then(() =>
        preparePageFile(setup.clientDir, relative, setup.headScript, setup.behaviours, characters),
      );
      previous = page.catch(() => undefined);
      return page;
    };
  }
  const { clientDir } = setup;
  const styles: PageStyles | undefined = setup.styles
    ? { stylesheets: createStylesheets({ clientDir }), clientDir, fontFaces: setup.styles.fontFaces }
    : undefined;
  return (relative) => finishPageFile(clientDir, relative, setup.inputs, styles, setup.compress);
}

parentPort!.on("message", (request: PageRequest) => {
  if ("setup" in request) {
    run = setUp(request.setup);
    // the last pass's pages are all garbage now: collected before the next pass's, whose heap limit follows what is
    // live (pipeline/build-memory.ts); else the pages of a pass pile up to the limit the last one left
    collectGarbage();
    return;
  }
  const { id, relative } = request;
  (run ?? (() => Promise.reject(new Error("no pass set up"))))(relative).then(
    (page) => parentPort!.postMessage({ id, page }),
    (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
parentPort!.postMessage({ ready: true });
