import { PALETTE } from "./art";
import { dotText, glyphCells } from "./dot-font";

// Interface graphics: small vector files served as they are.

export function logoSvg(): string {
  const cell = 12;
  const { columns } = glyphCells("HALBTON");
  const w = columns * cell;
  const h = 7 * cell;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>Studio Halbton</title>${dotText("HALBTON", { x: 0, y: 0, cell, fill: PALETTE.ink, size: 0.5 })}</svg>\n`;
}

const icon = (title: string, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32" role="img"><title>${title}</title>${body}</svg>\n`;

export const burgerSvg = (): string =>
  icon(
    "Menü",
    `<g fill="${PALETTE.ink}"><rect x="4" y="7" width="24" height="3" rx="1.5"/><rect x="4" y="14.5" width="24" height="3" rx="1.5"/><rect x="4" y="22" width="24" height="3" rx="1.5"/></g>`,
  );

export const closeSvg = (): string =>
  icon(
    "Schließen",
    `<g stroke="${PALETTE.ink}" stroke-width="3" stroke-linecap="round"><path d="M7 7 25 25"/><path d="M25 7 7 25"/></g>`,
  );

export const arrowSvg = (): string =>
  icon(
    "Pfeil",
    `<g fill="none" stroke="${PALETTE.ink}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"><path d="M8 24 24 8"/><path d="M11 8h13v13"/></g>`,
  );

export const socialSvg = (): string =>
  icon(
    "Social Media",
    `<g fill="none" stroke="${PALETTE.ink}" stroke-width="2.5"><rect x="4" y="4" width="24" height="24" rx="7"/><circle cx="16" cy="16" r="5.5"/></g><circle cx="23" cy="9" r="1.8" fill="${PALETTE.ink}"/>`,
  );
