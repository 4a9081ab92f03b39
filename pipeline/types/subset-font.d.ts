// subset-font 2.x ships no types: the part of its README's API (https://github.com/papandreou/subset-font#api)
// that pipeline/font-subset-thread.ts calls
declare module "subset-font" {
  interface SubsetFontOptions {
    targetFormat?: "sfnt" | "truetype" | "woff" | "woff2";
  }
  export default function subsetFont(buffer: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
}
