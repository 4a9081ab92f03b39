import type { Rng } from "./prng";
import { svgNumber } from "./svg";

// A 5x7 dot font: Halbton's letters are made of halftone dots.
const GLYPHS: Record<string, readonly string[]> = {
  A: [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  B: ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
  C: [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
  D: ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
  E: ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
  F: ["#####", "#....", "#....", "####.", "#....", "#....", "#...."],
  G: [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"],
  H: ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  I: [".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
  J: ["..###", "...#.", "...#.", "...#.", "#..#.", "#..#.", ".##.."],
  K: ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"],
  L: ["#....", "#....", "#....", "#....", "#....", "#....", "#####"],
  M: ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
  N: ["#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"],
  O: [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
  P: ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
  Q: [".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"],
  R: ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
  S: [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
  T: ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
  U: ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
  V: ["#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."],
  W: ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."],
  X: ["#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"],
  Y: ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."],
  Z: ["#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"],
  "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
  "&": [".##..", "#..#.", "#.#..", ".#...", "#.#.#", "#..#.", ".##.#"],
  " ": [".....", ".....", ".....", ".....", ".....", ".....", "....."],
};

/** Cells of a dot-font line: [column, row] of every inked dot. */
export function glyphCells(text: string): { cells: [number, number][]; columns: number } {
  const cells: [number, number][] = [];
  const chars = [...text.toUpperCase()];
  chars.forEach((ch, index) => {
    const rows = GLYPHS[ch] ?? GLYPHS[" "];
    rows?.forEach((row, y) => {
      [...row].forEach((c, x) => {
        if (c === "#") cells.push([index * 6 + x, y]);
      });
    });
  });
  return { cells, columns: Math.max(0, chars.length * 6 - 1) };
}

interface DotTextOptions {
  x: number;
  y: number;
  cell: number;
  fill: string;
  shape?: "circle" | "square";
  /** Dot radius as a share of the cell. */
  size?: number;
  accent?: { fill: string; share: number; rng: Rng };
}

export function dotText(text: string, o: DotTextOptions): string {
  const size = o.size ?? 0.46;
  const parts: string[] = [];
  for (const [cx, cy] of glyphCells(text).cells) {
    const fill = o.accent && o.accent.rng.chance(o.accent.share) ? o.accent.fill : o.fill;
    const px = o.x + cx * o.cell + o.cell / 2;
    const py = o.y + cy * o.cell + o.cell / 2;
    if (o.shape === "square") {
      const s = o.cell * size * 2;
      parts.push(
        `<rect x="${svgNumber(px - s / 2)}" y="${svgNumber(py - s / 2)}" width="${svgNumber(s)}" height="${svgNumber(s)}" fill="${fill}"/>`,
      );
    } else {
      parts.push(
        `<circle cx="${svgNumber(px)}" cy="${svgNumber(py)}" r="${svgNumber(o.cell * size)}" fill="${fill}"/>`,
      );
    }
  }
  return parts.join("");
}
