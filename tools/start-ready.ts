import { readFile, rename, rm, writeFile } from "node:fs/promises";
import * as v from "valibot";
import { parseJsonWith } from "../settings/parse-json";

/**
 * `npm start`'s ready file (START_READY_FILE): written once the site is
 * served and publish to live is wired, with the addresses a program needs
 * (issue 43: programs read a file with a schema, not npm start's printed
 * lines). The checks that run npm start whole wait for it
 * (test-support/npm-start-process.ts).
 */

const httpUrl = v.pipe(
  v.string(),
  v.check((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), "must be an http(s) URL"),
);

export const StartReadySchema = v.strictObject({
  /** As npm start prints it: `http://localhost:PORT` (loopback) or `http://HOST:PORT`. */
  siteUrl: httpUrl,
  sitePort: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65_535)),
  /** The local content service's origin, on loopback; null when the site reads Storyblok. */
  contentOrigin: v.nullable(httpUrl),
});

export type StartReady = v.InferOutput<typeof StartReadySchema>;

/** Writes `ready` to `file` in one step (a temp file renamed): a reader sees no file or all of it. */
export async function writeStartReady(file: string, ready: StartReady): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  // wx: never through a file (or a link) already there; 0600: the addresses are the user's
  await rm(temp, { force: true });
  await writeFile(temp, `${JSON.stringify(v.parse(StartReadySchema, ready))}\n`, { flag: "wx", mode: 0o600 });
  await rename(temp, file);
}

/** The ready file's content; null while there is none; an error naming the file and the fault when it is bad. */
export async function readStartReady(file: string): Promise<StartReady | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  return parseJsonWith(StartReadySchema, text, file, "npm start's ready file");
}
