import { parentPort } from "node:worker_threads";
import { createBeasties } from "./critical-css";
import { preparePageFile, type PageCharacters, type PageStyles } from "./finish-pages";
import { CharacterSet } from "./font-subset";
import type { PageRequest, PassSetup } from "./page-workers";
import { finishPageFile } from "./security-headers";

/** One worker of the build's passes over the pages (pipeline/page-workers.ts): pages in, what each pass learnt out. */

let run: ((relative: string) => Promise<unknown>) | null = null;

function setUp(setup: PassSetup): (relative: string) => Promise<unknown> {
  if (setup.pass === "first") {
    // the characters this worker has met: its pages come in page order, so the build's thread merges them in order
    const characters: PageCharacters = new CharacterSet();
    return (relative) =>
      preparePageFile(setup.clientDir, relative, setup.lazyImageScript, setup.behaviours, characters);
  }
  const styles: PageStyles | undefined = setup.styles
    ? {
        beasties: createBeasties({ clientDir: setup.clientDir }),
        clientDir: setup.clientDir,
        fontFaces: setup.styles.fontFaces,
      }
    : undefined;
  return (relative) => finishPageFile(setup.clientDir, relative, setup.inputs, styles);
}

parentPort!.on("message", (request: PageRequest) => {
  if ("setup" in request) {
    run = setUp(request.setup);
    return;
  }
  const { id, relative } = request;
  (run ?? (() => Promise.reject(new Error("no pass set up"))))(relative).then(
    (page) => parentPort!.postMessage({ id, page }),
    (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
parentPort!.postMessage({ ready: true });
