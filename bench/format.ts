/** Number formatting for the bench report; pure. */

/** Bytes per KB in this report (the budgets are in KB of 1,024 bytes). */
export const KB = 1024;
export const MB = 1024 * 1024;

const DASH = "–";

export function fmtInt(value: number | null | undefined): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return DASH;
  return Math.round(value).toLocaleString("en-US");
}

/** Milliseconds as "850 ms", "1.23 s" or "2 min 05 s". */
export function fmtMs(ms: number | null | undefined): string {
  if (typeof ms !== "number" || !Number.isFinite(ms)) return DASH;
  // a difference can be negative (a script requested before load): scaled like its size
  if (ms < 0) return `-${fmtMs(-ms)}`;
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 60 ? `${minutes + 1} min 00 s` : `${minutes} min ${String(seconds).padStart(2, "0")} s`;
}

/** A Lighthouse score (0..1) as the 0..100 figure Lighthouse shows. */
export function fmtScore(score: number | null | undefined): string {
  if (typeof score !== "number" || !Number.isFinite(score)) return DASH;
  return String(Math.round(score * 100));
}

export function fmtKB(bytes: number | null | undefined, digits = 1): string {
  if (typeof bytes !== "number" || !Number.isFinite(bytes)) return DASH;
  return `${(bytes / KB).toFixed(digits)} KB`;
}

export function fmtMB(bytes: number | null | undefined, digits = 1): string {
  if (typeof bytes !== "number" || !Number.isFinite(bytes)) return DASH;
  return `${(bytes / MB).toFixed(digits)} MB`;
}

export function fmtRatio(value: number | null | undefined): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return DASH;
  return `${value.toFixed(2)}×`;
}

export function fmtCls(value: number | null | undefined): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return DASH;
  return value.toFixed(3);
}

/** Escapes what would break a Markdown table cell. */
export function cell(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(headers), `|${headers.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n");
}
