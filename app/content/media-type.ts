/** SPEC section 5: media type detection by file extension. */

const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp", "bmp", "svg"] as const;
const VIDEO_EXTENSIONS = ["mp4", "webm", "ogg", "mov"] as const;

/** The lower-case extension of a URL's file name, ignoring query and hash. */
export function fileExtension(filename: string): string {
  const path = filename.split(/[?#]/)[0] ?? "";
  const file = path.slice(path.lastIndexOf("/") + 1);
  const dot = file.lastIndexOf(".");
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : "";
}

export function mediaKind(filename: string | null | undefined): "image" | "video" | "unknown" | "none" {
  if (typeof filename !== "string" || filename.trim() === "") return "none";
  const extension = fileExtension(filename);
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return "image";
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(extension)) return "video";
  return "unknown";
}

/** The home hero plays only .mp4 as video (SPEC section 2, Hero); anything else is an image. */
export function isMp4(filename: string): boolean {
  return fileExtension(filename) === "mp4";
}
