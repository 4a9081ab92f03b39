// Short looping videos: frames composed as SVG, rasterised by sharp, encoded by ffmpeg.
import { spawn } from "node:child_process";
import { once } from "node:events";
import sharp from "sharp";
import { halftoneLayer, PALETTE } from "./art";
import { dotText, glyphCells } from "./dot-font";
import { svgDocument } from "./svg";

export const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";

export interface VideoJob {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  codec: "h264" | "vp9";
  /** SVG of the frame at loop phase t in [0, 1). */
  frame: (t: number) => string;
  out: string;
}

/** The encoder's options: H.264 for MP4, VP9 for WebM, one thread each. */
const CODEC_ARGS: Record<VideoJob["codec"], string> = {
  h264: "-c:v libx264 -preset slow -crf 30 -profile:v high -pix_fmt yuv420p -threads 1 -movflags +faststart",
  vp9: "-c:v libvpx-vp9 -b:v 0 -crf 42 -deadline good -cpu-used 2 -row-mt 0 -threads 1 -pix_fmt yuv420p",
};

export async function encodeVideo(job: VideoJob): Promise<void> {
  const input = `-f rawvideo -pix_fmt rgb24 -s ${job.width}x${job.height} -r ${job.fps} -i -`;
  // No encoder strings, creation times or random uids: identical bytes on every run.
  const bitexact = "-fflags +bitexact -flags:v +bitexact -map_metadata -1";
  const args = [
    ...`-hide_banner -loglevel error -y ${input} -an ${CODEC_ARGS[job.codec]} ${bitexact}`.split(" "),
    job.out,
  ];
  const ffmpeg = spawn(FFMPEG, args, { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  ffmpeg.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(ffmpeg, "close");
  const frames = Math.round(job.fps * job.seconds);
  for (let i = 0; i < frames; i++) {
    const raw = await sharp(Buffer.from(job.frame(i / frames)))
      .flatten({ background: PALETTE.paper })
      .removeAlpha()
      .raw()
      .toBuffer();
    if (!ffmpeg.stdin.write(raw)) await once(ffmpeg.stdin, "drain");
  }
  ffmpeg.stdin.end();
  const [code] = (await exited) as [number | null];
  if (code !== 0) throw new Error(`ffmpeg failed (${code}) for ${job.out}: ${stderr.trim()}`);
}

const TAU = Math.PI * 2;

/** Riso-style halftone drifting in a loop, with the studio name pulsing on top. */
export function heroLoopFrame(w: number, h: number): (t: number) => string {
  return (t) => {
    const a = TAU * t;
    const spacing = Math.round(Math.min(w, h) / 14);
    const blob = (cx: number, cy: number, r: number) => (x: number, y: number) =>
      Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (r * r));
    const b1 = blob(0.5 + 0.28 * Math.cos(a), 0.5 + 0.22 * Math.sin(a), 0.38);
    const b2 = blob(0.5 + 0.3 * Math.cos(a + Math.PI), 0.5 + 0.25 * Math.sin(a * 2 + 1), 0.3);
    const lines = w > h ? ["HALBTON"] : ["HALB", "TON"];
    const columns = Math.max(...lines.map((l) => glyphCells(l).columns));
    const cell = Math.min((w * 0.8) / columns, (h * 0.5) / (lines.length * 9 - 2));
    const blockH = (lines.length * 9 - 2) * cell;
    const letters = lines
      .map((line, row) => {
        const lw = glyphCells(line).columns * cell;
        const size = 0.3 + 0.18 * (1 + Math.sin(a - row * 0.8));
        return dotText(line, {
          x: (w - lw) / 2,
          y: (h - blockH) / 2 + row * 9 * cell,
          cell,
          fill: PALETTE.paper,
          size,
        });
      })
      .join("");
    return svgDocument(
      w,
      h,
      `<rect width="${w}" height="${h}" fill="${PALETTE.ink}"/>` +
        halftoneLayer(w, h, spacing * 1.2, 60, PALETTE.pink, (x, y) => 0.85 * b2(x, y)) +
        halftoneLayer(w, h, spacing, 15, PALETTE.orange, (x, y) => 0.95 * b1(x, y)) +
        letters,
    );
  };
}

/** Dot letters that breathe in a diagonal wave. */
export function letterLoopFrame(w: number, h: number): (t: number) => string {
  const lines = ["HALB", "TON"];
  const columns = Math.max(...lines.map((l) => glyphCells(l).columns));
  const cell = Math.min((w * 0.84) / columns, (h * 0.8) / 16);
  const blockH = 16 * cell;
  return (t) => {
    const a = TAU * t;
    const dots: string[] = [];
    lines.forEach((line, row) => {
      const lw = glyphCells(line).columns * cell;
      const x0 = (w - lw) / 2;
      const y0 = (h - blockH) / 2 + row * 9 * cell;
      for (const [cx, cy] of glyphCells(line).cells) {
        const wave = 0.5 + 0.5 * Math.sin(a - (cx + cy + row * 9) * 0.35);
        const r = cell * (0.16 + 0.36 * wave);
        const fill = wave > 0.92 ? PALETTE.pink : PALETTE.blue;
        dots.push(
          `<circle cx="${(x0 + cx * cell + cell / 2).toFixed(1)}" cy="${(y0 + cy * cell + cell / 2).toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}"/>`,
        );
      }
    });
    return svgDocument(w, h, `<rect width="${w}" height="${h}" fill="${PALETTE.paper}"/>${dots.join("")}`);
  };
}
