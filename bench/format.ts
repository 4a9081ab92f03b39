/** Number formatting for the bench report; pure. */

/** Bytes per KB in this report (the budgets are in KB of 1,024 bytes). */
export const KB = 1024;
export const MB = 1024 * 1024;

const DASH = "–";

/** A formatter of numbers that shows a dash for a value that is missing or not finite. */
const orDash =
  (format: (value: number) => string) =>
  (value: number | null | undefined): string =>
    typeof value === "number" && Number.isFinite(value) ? format(value) : DASH;

export const fmtInt = orDash((value) => Math.round(value).toLocaleString("en-US"));

/** Milliseconds as "850 ms", "1.23 s" or "2 min 05 s". */
function msText(ms: number): string {
  // a difference can be negative (a script requested before load): scaled like its size
  if (ms < 0) return `-${msText(-ms)}`;
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 60 ? `${minutes + 1} min 00 s` : `${minutes} min ${String(seconds).padStart(2, "0")} s`;
}
export const fmtMs = orDash(msText);

/** A Lighthouse score (0..1) as the 0..100 figure Lighthouse shows. */
export const fmtScore = orDash((score) => String(Math.round(score * 100)));
export const fmtKB = orDash((bytes) => `${(bytes / KB).toFixed(1)} KB`);
export const fmtMB = orDash((bytes) => `${(bytes / MB).toFixed(1)} MB`);
export const fmtRatio = orDash((value) => `${value.toFixed(2)}×`);
export const fmtCls = orDash((value) => value.toFixed(3));

/** A URL without its scheme and host: what a report names a response of the page by. */
export function pathOf(url: string): string {
  return url.replace(/^https?:\/\/[^/]+/, "");
}

/** Counts by name, the largest first: "listing 12, story 3". */
export function countsText(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ${n}`)
    .join(", ");
}

/** The routes a section measured, as its report lists them. */
export function routesLine(routes: readonly { label: string; path: string }[]): string {
  return "Routes: " + routes.map((r) => `${r.label} = \`${r.path}\``).join(", ") + ".";
}

/** Escapes what would break a Markdown table cell. */
export function cell(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(headers), `|${headers.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n");
}

/** A column of `columnTable`: its header, and its cell of a row. */
export type TableColumn<T> = readonly [header: string, cell: (row: T) => string];

/** A Markdown table of `rows`, one column per entry of `columns`: each header beside what its cells show. */
export function columnTable<T>(rows: readonly T[], columns: readonly TableColumn<T>[]): string {
  return markdownTable(
    columns.map(([header]) => header),
    rows.map((row) => columns.map(([, cellOf]) => cellOf(row))),
  );
}
