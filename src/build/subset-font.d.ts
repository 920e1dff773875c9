/** subset-font ships no types; the one call src/build/share-images.ts makes. */
declare module "subset-font" {
  interface Options {
    /** The format of the font returned. */
    targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
    /** Pins variation axes, e.g. { wght: 900 }, making a static instance. */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    preserveNameIds?: number[];
  }
  export default function subsetFont(font: Buffer, text: string, options?: Options): Promise<Buffer>;
}
