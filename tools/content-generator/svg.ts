/** Numbers and documents of the generated SVG files. */

/** A coordinate with one decimal: enough for the artwork, and short files. */
export function svgNumber(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

export function svgDocument(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}
