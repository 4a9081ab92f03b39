import type { SummaryRow } from "../report";

/** What a section hands back; the harness adds status, timing and the title. */
export interface SectionOutput {
  summary: SummaryRow[];
  markdown: string;
  data: unknown;
}
