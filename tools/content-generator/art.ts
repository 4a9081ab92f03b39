// Original artwork for the demo studio, composed as SVG and rasterised by sharp.
// Only shapes, no <text>: the machine that renders them may have no fonts.
import { dotText } from "./dot-font";
import type { Rng } from "./prng";
import { svgDocument, svgNumber } from "./svg";

export const PALETTE = {
  paper: "#EEEAE2",
  ink: "#17171A",
  orange: "#FF5B14",
  pink: "#F388CC",
  blue: "#2F3CE8",
  green: "#1E9E6A",
  yellow: "#FFD400",
  lilac: "#B9A8FF",
  grey: "#D6D6D6",
} as const;

export type Colour = (typeof PALETTE)[keyof typeof PALETTE];

type Duotone = readonly [bg: Colour, fg: Colour, accent: Colour];

/** Background, foreground, accent: the studio prints in two colours plus one. */
const DUOTONES: readonly Duotone[] = [
  [PALETTE.paper, PALETTE.ink, PALETTE.orange],
  [PALETTE.pink, PALETTE.blue, PALETTE.yellow],
  [PALETTE.ink, PALETTE.orange, PALETTE.pink],
  [PALETTE.yellow, PALETTE.green, PALETTE.blue],
  [PALETTE.blue, PALETTE.pink, PALETTE.paper],
  [PALETTE.paper, PALETTE.blue, PALETTE.pink],
  [PALETTE.orange, PALETTE.ink, PALETTE.paper],
  [PALETTE.lilac, PALETTE.ink, PALETTE.yellow],
  [PALETTE.green, PALETTE.paper, PALETTE.orange],
  [PALETTE.grey, PALETTE.ink, PALETTE.pink],
];

export type ArtStyle = "halftone" | "bauhaus" | "poster" | "orbs" | "moire" | "specimen" | "waves";

export interface Look {
  style: ArtStyle;
  /** Index into DUOTONES. */
  duo: number;
  /** Up to three capitals drawn by the type-like styles. */
  letters: string;
  seed: string;
}

interface Blob {
  x: number;
  y: number;
  r: number;
  weight: number;
}

function field(blobs: readonly Blob[], tilt: { x: number; y: number }, x: number, y: number): number {
  let v = 0.02 + tilt.x * x + tilt.y * y;
  for (const b of blobs) {
    const d2 = ((x - b.x) ** 2 + (y - b.y) ** 2) / (b.r * b.r);
    v += b.weight * Math.exp(-d2);
  }
  return Math.min(1, Math.max(0, v));
}

/** Halftone dots of one colour over a rotated grid; radius follows a smooth field. */
export function halftoneLayer(
  w: number,
  h: number,
  spacing: number,
  angleDeg: number,
  fill: string,
  value: (nx: number, ny: number) => number,
): string {
  const angle = (angleDeg * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const reach = Math.hypot(w, h) / 2 + spacing;
  const steps = Math.ceil(reach / spacing);
  const parts: string[] = [];
  for (let i = -steps; i <= steps; i++) {
    for (let j = -steps; j <= steps; j++) {
      const gx = i * spacing;
      const gy = j * spacing;
      const x = w / 2 + gx * cos - gy * sin;
      const y = h / 2 + gx * sin + gy * cos;
      if (x < -spacing || y < -spacing || x > w + spacing || y > h + spacing) continue;
      const r = (spacing / 2) * 1.15 * value(x / w, y / h);
      if (r < spacing * 0.08) continue;
      parts.push(`<circle cx="${svgNumber(x)}" cy="${svgNumber(y)}" r="${svgNumber(r)}"/>`);
    }
  }
  return `<g fill="${fill}">${parts.join("")}</g>`;
}

function randomBlobs(rng: Rng, count: number): Blob[] {
  return Array.from({ length: count }, () => ({
    x: rng.range(0.05, 0.95),
    y: rng.range(0.05, 0.95),
    r: rng.range(0.16, 0.38),
    weight: rng.range(0.45, 0.9),
  }));
}

function halftone(rng: Rng, w: number, h: number, [bg, fg, accent]: Duotone): string {
  const spacing = Math.max(8, Math.round(Math.min(w, h) / rng.int(22, 28)));
  const blobsA = randomBlobs(rng, 3);
  const blobsB = randomBlobs(rng, 2);
  const tiltA = { x: rng.range(-0.2, 0.2), y: rng.range(-0.2, 0.3) };
  const tiltB = { x: rng.range(-0.2, 0.2), y: rng.range(-0.2, 0.2) };
  const angle = rng.pick([15, 30, 45, 75]);
  return svgDocument(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${bg}"/>` +
      halftoneLayer(w, h, spacing * 1.3, angle + 30, accent, (x, y) => 0.8 * field(blobsB, tiltB, x, y)) +
      halftoneLayer(w, h, spacing, angle, fg, (x, y) => field(blobsA, tiltA, x, y)),
  );
}

function quarterTile(rng: Rng, x: number, y: number, c: number, colours: readonly string[]): string {
  const bg = rng.pick(colours);
  const fg = rng.pick(colours.filter((col) => col !== bg));
  const cell = `<rect x="${svgNumber(x)}" y="${svgNumber(y)}" width="${svgNumber(c)}" height="${svgNumber(c)}" fill="${bg}"/>`;
  const kind = rng.int(0, 6);
  const corner = rng.int(0, 3);
  const cx = corner % 2 === 0 ? x : x + c;
  const cy = corner < 2 ? y : y + c;
  switch (kind) {
    case 0: {
      const sx = cx === x ? x + c : x;
      const sy = cy === y ? y + c : y;
      const sweep = corner === 0 || corner === 3 ? 1 : 0;
      return `${cell}<path d="M${svgNumber(cx)} ${svgNumber(cy)} L${svgNumber(sx)} ${svgNumber(cy)} A${svgNumber(c)} ${svgNumber(c)} 0 0 ${sweep} ${svgNumber(cx)} ${svgNumber(sy)} Z" fill="${fg}"/>`;
    }
    case 1:
      return `${cell}<circle cx="${svgNumber(x + c / 2)}" cy="${svgNumber(y + c / 2)}" r="${svgNumber(c * 0.42)}" fill="${fg}"/>`;
    case 2: {
      const half = rng.chance(0.5);
      return half
        ? `${cell}<path d="M${svgNumber(x)} ${svgNumber(y + c / 2)} A${svgNumber(c / 2)} ${svgNumber(c / 2)} 0 0 1 ${svgNumber(x + c)} ${svgNumber(y + c / 2)} Z" fill="${fg}"/>`
        : `${cell}<path d="M${svgNumber(x + c / 2)} ${svgNumber(y)} A${svgNumber(c / 2)} ${svgNumber(c / 2)} 0 0 1 ${svgNumber(x + c / 2)} ${svgNumber(y + c)} Z" fill="${fg}"/>`;
    }
    case 3:
      return `${cell}<path d="M${svgNumber(x)} ${svgNumber(y + c)} L${svgNumber(x + c)} ${svgNumber(y + c)} L${svgNumber(x + (corner < 2 ? 0 : c))} ${svgNumber(y)} Z" fill="${fg}"/>`;
    case 4: {
      const dots: string[] = [];
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++)
          dots.push(
            `<circle cx="${svgNumber(x + c * (0.2 + i * 0.3))}" cy="${svgNumber(y + c * (0.2 + j * 0.3))}" r="${svgNumber(c * 0.1)}"/>`,
          );
      return `${cell}<g fill="${fg}">${dots.join("")}</g>`;
    }
    case 5: {
      const bars: string[] = [];
      for (let i = 0; i < 4; i++)
        bars.push(
          `<rect x="${svgNumber(x)}" y="${svgNumber(y + (i * c) / 4)}" width="${svgNumber(c)}" height="${svgNumber(c / 8)}"/>`,
        );
      return `${cell}<g fill="${fg}">${bars.join("")}</g>`;
    }
    default:
      return cell;
  }
}

function bauhaus(rng: Rng, w: number, h: number, [bg, fg, accent]: Duotone): string {
  const rows = rng.int(3, 5);
  const c = h / rows;
  const cols = Math.ceil(w / c);
  const colours = [bg, fg, accent, PALETTE.paper];
  const tiles: string[] = [];
  for (let r = 0; r < rows; r++) for (let q = 0; q < cols; q++) tiles.push(quarterTile(rng, q * c, r * c, c, colours));
  return svgDocument(w, h, tiles.join(""));
}

function textBars(rng: Rng, x: number, y: number, width: number, lines: number, lineHeight: number, fill: string) {
  const bars: string[] = [];
  for (let i = 0; i < lines; i++) {
    const lw = i === lines - 1 ? width * rng.range(0.3, 0.7) : width * rng.range(0.8, 1);
    bars.push(
      `<rect x="${svgNumber(x)}" y="${svgNumber(y + i * lineHeight)}" width="${svgNumber(lw)}" height="${svgNumber(lineHeight * 0.42)}" rx="${svgNumber(lineHeight * 0.2)}"/>`,
    );
  }
  return `<g fill="${fill}">${bars.join("")}</g>`;
}

function poster(rng: Rng, w: number, h: number, [bg, fg, accent]: Duotone, letters: string): string {
  const text = letters.slice(0, w > h ? 3 : 2) || "H";
  const columns = text.length * 6 - 1;
  const cell = Math.min((w * 0.8) / columns, (h * 0.62) / 7);
  const x = (w - columns * cell) / 2;
  const y = h * 0.12;
  const circleR = Math.min(w, h) * rng.range(0.28, 0.4);
  const margin = Math.min(w, h) * 0.06;
  return svgDocument(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${bg}"/>` +
      `<circle cx="${svgNumber(w * rng.range(0.55, 0.8))}" cy="${svgNumber(h * rng.range(0.3, 0.6))}" r="${svgNumber(circleR)}" fill="${accent}"/>` +
      dotText(text, { x, y, cell, fill: fg, size: 0.47, accent: { fill: bg, share: 0.06, rng } }) +
      `<rect x="${svgNumber(margin)}" y="${svgNumber(h * 0.82)}" width="${svgNumber(w - 2 * margin)}" height="${svgNumber(Math.max(2, h * 0.004))}" fill="${fg}"/>` +
      textBars(rng, margin, h * 0.855, w * 0.34, 3, h * 0.03, fg) +
      textBars(rng, w * 0.55, h * 0.855, w * 0.22, 2, h * 0.03, fg),
  );
}

function orbs(rng: Rng, w: number, h: number, [bg, fg, accent]: Duotone): string {
  const defs: string[] = [
    `<linearGradient id="bg" x1="0" y1="0" x2="${svgNumber(rng.range(0.3, 1))}" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${accent}"/></linearGradient>`,
  ];
  const shapes: string[] = [];
  const colours = [fg, accent, PALETTE.paper, PALETTE.pink];
  for (let i = 0; i < 3; i++) {
    const col = colours[i] ?? fg;
    defs.push(
      `<radialGradient id="o${i}"><stop offset="0" stop-color="${col}" stop-opacity="0.95"/><stop offset="0.6" stop-color="${col}" stop-opacity="0.55"/><stop offset="1" stop-color="${col}" stop-opacity="0"/></radialGradient>`,
    );
    shapes.push(
      `<circle cx="${svgNumber(w * rng.range(0.1, 0.9))}" cy="${svgNumber(h * rng.range(0.15, 0.85))}" r="${svgNumber(Math.max(w, h) * rng.range(0.22, 0.4))}" fill="url(#o${i})"/>`,
    );
  }
  const grid: string[] = [];
  const step = Math.round(Math.min(w, h) / 10);
  for (let x = step; x < w; x += step) grid.push(`<rect x="${x}" y="0" width="1.5" height="${h}"/>`);
  for (let y = step; y < h; y += step) grid.push(`<rect x="0" y="${y}" width="${w}" height="1.5"/>`);
  return svgDocument(
    w,
    h,
    `<defs>${defs.join("")}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${shapes.join("")}<g fill="${PALETTE.ink}" opacity="0.18">${grid.join("")}</g>`,
  );
}

function moire(rng: Rng, w: number, h: number, [bg, fg, accent]: Duotone): string {
  const spacing = Math.max(12, Math.round(Math.min(w, h) / 15));
  const stroke = spacing * 0.42;
  const reach = Math.hypot(w, h);
  const rings = (cx: number, cy: number, colour: string): string => {
    const parts: string[] = [];
    for (let r = spacing; r < reach; r += spacing)
      parts.push(`<circle cx="${svgNumber(cx)}" cy="${svgNumber(cy)}" r="${svgNumber(r)}"/>`);
    return `<g fill="none" stroke="${colour}" stroke-width="${svgNumber(stroke)}">${parts.join("")}</g>`;
  };
  return svgDocument(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${bg}"/>` +
      rings(w * rng.range(0.2, 0.45), h * rng.range(0.3, 0.7), fg) +
      `<g opacity="0.85">${rings(w * rng.range(0.55, 0.8), h * rng.range(0.3, 0.7), accent)}</g>`,
  );
}

function specimen(rng: Rng, w: number, h: number, [bg, fg, accent]: Duotone, letters: string): string {
  const margin = Math.min(w, h) * 0.07;
  const big = (letters[0] ?? "A").toUpperCase();
  const bigCell = (h - 2 * margin) / 7;
  const bigWidth = 5 * bigCell;
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ&7";
  const areaX = margin * 2 + bigWidth;
  const areaW = w - areaX - margin;
  const perRow = Math.max(3, Math.floor(areaW / (6 * Math.max(6, areaW / 60))));
  const smallCell = areaW / (perRow * 6);
  const rows: string[] = [];
  let index = rng.int(0, alphabet.length - 1);
  for (let row = 0; (row + 1) * smallCell * 9 < h - 2 * margin && row < 12; row++) {
    let line = "";
    for (let k = 0; k < perRow; k++) line += alphabet[index++ % alphabet.length];
    rows.push(
      dotText(line, {
        x: areaX,
        y: margin + row * smallCell * 9,
        cell: smallCell,
        fill: fg,
        shape: "square",
        size: 0.42,
      }),
    );
  }
  const baselines: string[] = [];
  for (let y = margin; y < h - margin; y += bigCell)
    baselines.push(`<rect x="${svgNumber(margin)}" y="${svgNumber(y)}" width="${svgNumber(bigWidth)}" height="1.5"/>`);
  return svgDocument(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${bg}"/>` +
      `<g fill="${accent}" opacity="0.6">${baselines.join("")}</g>` +
      dotText(big, { x: margin, y: margin, cell: bigCell, fill: accent, size: 0.5 }) +
      rows.join(""),
  );
}

function waves(rng: Rng, w: number, h: number, [bg, fg, accent]: Duotone): string {
  const bands = rng.int(9, 14);
  const bandH = h / bands;
  const amp = bandH * rng.range(0.5, 1.1);
  const freq = rng.range(1.5, 3.5);
  const phaseStep = rng.range(0.3, 0.9);
  const paths: string[] = [];
  const colours = [fg, accent, fg, bg];
  const steps = 48;
  for (let b = 0; b < bands + 2; b++) {
    const top: string[] = [];
    for (let s = 0; s <= steps; s++) {
      const x = (s / steps) * w;
      const y = (b - 1) * bandH + amp * Math.sin((s / steps) * Math.PI * 2 * freq + b * phaseStep);
      top.push(`${s === 0 ? "M" : "L"}${svgNumber(x)} ${svgNumber(y)}`);
    }
    paths.push(`<path d="${top.join(" ")} L${w} ${h} L0 ${h} Z" fill="${colours[b % colours.length]}"/>`);
  }
  return svgDocument(w, h, `<rect width="${w}" height="${h}" fill="${bg}"/>${paths.join("")}`);
}

const STYLES: Record<ArtStyle, (rng: Rng, w: number, h: number, duo: Duotone, letters: string) => string> = {
  halftone,
  bauhaus,
  poster,
  orbs,
  moire,
  specimen,
  waves,
};

export function artworkSvg(look: Look, w: number, h: number, rng: Rng): string {
  return STYLES[look.style](rng, w, h, DUOTONES[look.duo % DUOTONES.length]!, look.letters);
}

/** A vector tile (poster) kept as SVG so the gallery shows an .svg asset too. */
export function vectorPosterSvg(look: Look, w: number, h: number, rng: Rng): string {
  return `${artworkSvg({ ...look, style: "bauhaus" }, w, h, rng)}\n`;
}
