// Reads the pixel size of a media file without ffprobe: sharp for images, the container
// headers for MP4 and WebM, the MediaBox for PDF.
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

export interface Size {
  width: number;
  height: number;
}

function mp4Size(buf: Buffer): Size | null {
  const walk = (start: number, end: number): Size | null => {
    let pos = start;
    while (pos + 8 <= end) {
      let size = buf.readUInt32BE(pos);
      const type = buf.toString("latin1", pos + 4, pos + 8);
      let header = 8;
      if (size === 1) {
        size = Number(buf.readBigUInt64BE(pos + 8));
        header = 16;
      } else if (size === 0) {
        size = end - pos;
      }
      if (size < header) return null;
      if (type === "moov" || type === "trak") {
        const found = walk(pos + header, pos + size);
        if (found) return found;
      } else if (type === "tkhd") {
        const version = buf.readUInt8(pos + header);
        const at = pos + header + (version === 1 ? 88 : 76);
        const width = buf.readUInt32BE(at) / 65536;
        const height = buf.readUInt32BE(at + 4) / 65536;
        if (width > 0 && height > 0) return { width, height };
      }
      pos += size;
    }
    return null;
  };
  return walk(0, buf.length);
}

function webmSize(buf: Buffer): Size | null {
  const vint = (pos: number, keepMarker: boolean): { value: number; length: number } => {
    const first = buf.readUInt8(pos);
    let length = 1;
    while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
    let value = keepMarker ? first : first & (0xff >> length);
    for (let i = 1; i < length; i++) value = value * 256 + buf.readUInt8(pos + i);
    return { value, length };
  };
  const containers = new Set([0x18538067, 0x1654ae6b, 0xae, 0xe0]);
  const size: Partial<Size> = {};
  const walk = (start: number, end: number): void => {
    let pos = start;
    while (pos < end && pos < buf.length) {
      const id = vint(pos, true);
      const len = vint(pos + id.length, false);
      const body = pos + id.length + len.length;
      const unknown = len.value === 2 ** (7 * len.length) - 1;
      const bodyEnd = unknown ? end : body + len.value;
      if (containers.has(id.value)) walk(body, bodyEnd);
      else if (id.value === 0xb0) size.width = buf.readUIntBE(body, len.value);
      else if (id.value === 0xba) size.height = buf.readUIntBE(body, len.value);
      if (size.width !== undefined && size.height !== undefined) return;
      if (id.value === 0x1f43b675) return; // first Cluster: the track headers are behind us
      pos = bodyEnd;
    }
  };
  walk(0, buf.length);
  return size.width !== undefined && size.height !== undefined ? { width: size.width, height: size.height } : null;
}

function pdfSize(buf: Buffer): Size | null {
  const m = /\/MediaBox\s*\[\s*0\s+0\s+(\d+)\s+(\d+)\s*\]/.exec(buf.toString("latin1"));
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
}

export async function probeSize(file: string): Promise<Size | null> {
  const ext = path.extname(file).toLowerCase();
  if (ext === ".mp4" || ext === ".mov") return mp4Size(await readFile(file));
  if (ext === ".webm") return webmSize(await readFile(file));
  if (ext === ".pdf") return pdfSize(await readFile(file));
  const meta = await sharp(file).metadata();
  return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
}
