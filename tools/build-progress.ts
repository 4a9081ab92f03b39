import type { BuildEvent } from "../pipeline/build-events";

/**
 * What `npm start` shows of a build (the rest goes to its log file): the
 * pages it prerendered, the content requests it made and the warnings a
 * user can act on, all from the build's events file
 * (pipeline/build-events.ts); and the last lines of its log, which explain
 * a failure.
 */

const TAIL_LINES = 30;

export class BuildProgress {
  pages = 0;
  requests: number | null = null;
  private lines: string[] = [];

  /** Takes one event of the build's events file; returns the warning it carries, if it is one. */
  take(event: BuildEvent): string | undefined {
    if (event.event === "page") this.pages += 1;
    else if (event.event === "content-requests") this.requests = event.count;
    else if (event.event === "warning") return event.text;
    return undefined;
  }

  /** Takes a line of the build's output, for its last lines. */
  line(text: string): void {
    this.lines.push(text);
    if (this.lines.length > TAIL_LINES * 2) this.lines = this.lines.slice(-TAIL_LINES);
  }

  /** "77 pages (20 content requests)". */
  summary(): string {
    const requests =
      this.requests === null ? "" : ` (${this.requests} content request${this.requests === 1 ? "" : "s"})`;
    return `${this.pages} page${this.pages === 1 ? "" : "s"}${requests}`;
  }

  /** The last lines the build printed: what explains a failure. */
  tail(): string {
    return this.lines.filter(Boolean).slice(-TAIL_LINES).join("\n");
  }
}
