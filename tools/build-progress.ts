/**
 * What `npm start` and `npm run dev` show of a build (the rest goes to its
 * log file): the pages it prerendered, the content requests it made, and
 * the warnings a user can act on (the pipeline's `WARNING ...` lines).
 */

const PRERENDERED_PAGE = /^Prerender \(html\): /;
const CONTENT_REQUESTS = /^Content: (\d+) request\(s\)/;
const WARNING = /^WARNING\b/;
const TAIL_LINES = 30;

export class BuildProgress {
  pages = 0;
  requests: number | null = null;
  private partial = "";
  private lines: string[] = [];

  /** Takes a chunk of the build's output; returns the warnings in its complete lines. */
  read(chunk: string): string[] {
    const text = this.partial + chunk;
    const complete = text.split("\n");
    this.partial = complete.pop() ?? "";
    const warnings: string[] = [];
    for (const line of complete) {
      this.lines.push(line);
      if (PRERENDERED_PAGE.test(line)) this.pages += 1;
      const requests = CONTENT_REQUESTS.exec(line);
      if (requests) this.requests = Number(requests[1]);
      if (WARNING.test(line)) warnings.push(line);
    }
    if (this.lines.length > TAIL_LINES * 2) this.lines = this.lines.slice(-TAIL_LINES);
    return warnings;
  }

  /** "77 pages (20 content requests)". */
  summary(): string {
    const requests =
      this.requests === null ? "" : ` (${this.requests} content request${this.requests === 1 ? "" : "s"})`;
    return `${this.pages} page${this.pages === 1 ? "" : "s"}${requests}`;
  }

  /** The last lines the build printed: what explains a failure. */
  tail(): string {
    return [...this.lines, this.partial].filter(Boolean).slice(-TAIL_LINES).join("\n");
  }
}
