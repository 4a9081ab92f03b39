// A tiny, valid one-page PDF written by hand: an asset type the about page must not render.

function circle(cx: number, cy: number, r: number): string {
  const k = 0.5523 * r;
  const p = (n: number) => n.toFixed(2);
  return [
    `${p(cx + r)} ${p(cy)} m`,
    `${p(cx + r)} ${p(cy + k)} ${p(cx + k)} ${p(cy + r)} ${p(cx)} ${p(cy + r)} c`,
    `${p(cx - k)} ${p(cy + r)} ${p(cx - r)} ${p(cy + k)} ${p(cx - r)} ${p(cy)} c`,
    `${p(cx - r)} ${p(cy - k)} ${p(cx - k)} ${p(cy - r)} ${p(cx)} ${p(cy - r)} c`,
    `${p(cx + k)} ${p(cy - r)} ${p(cx + r)} ${p(cy - k)} ${p(cx + r)} ${p(cy)} c`,
    "f",
  ].join("\n");
}

export const PDF_PAGE = { width: 595, height: 842 } as const;

export function portfolioPdf(title: string, subtitle: string): Buffer {
  const { width, height } = PDF_PAGE;
  const dots: string[] = [];
  for (let row = 0; row < 14; row++) {
    for (let col = 0; col < 10; col++) {
      const v = Math.max(0, 1 - Math.hypot(col - 6, row - 5) / 8);
      if (v > 0.05) dots.push(circle(60 + col * 48, 300 + row * 36, 17 * v));
    }
  }
  const content = [
    "0.933 0.918 0.886 rg",
    `0 0 ${width} ${height} re f`,
    "1 0.357 0.078 rg",
    ...dots,
    "0.09 0.09 0.10 rg",
    "BT /F1 28 Tf 60 200 Td",
    `(${title}) Tj`,
    "ET",
    "BT /F1 14 Tf 60 172 Td",
    `(${subtitle}) Tj`,
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let out = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
