import { code128 } from 'bwip-js';

/** A barcode as bars: left edges and widths in modules, across a symbol `width` modules wide and `height` tall. */
export interface Bars {
  bars: Array<{ x: number; width: number }>;
  width: number;
  height: number;
}

/**
 * Code 128 of `text`, as lab requisitions carry it, encoded by bwip-js and taken as its bars rather
 * than a PNG: the PDF draws them as vector rectangles (sharp at any print size, and no image to
 * encode and decode on the way). `heightMm` is the bars' height at one point per module.
 */
export function code128Bars(text: string, heightMm: number): Bars {
  const bars: Bars['bars'] = [];
  let size = { width: 0, height: 0 };
  code128(
    { bcid: 'code128', text, scale: 1, height: heightMm },
    {
      scale: () => null,
      measure: () => ({ width: 0, ascent: 0, descent: 0 }),
      init: (width, height) => void (size = { width, height }),
      // bwip-js strokes each bar as a vertical line through its middle, `lw` modules wide, on whole modules.
      line: (x0, _y0, _x1, _y1, lw) => void bars.push({ x: Math.floor(x0 - lw / 2), width: lw }),
      polygon: () => undefined,
      hexagon: () => undefined,
      ellipse: () => undefined,
      fill: () => undefined,
      text: () => undefined,
      end: () => undefined,
    },
  );
  return { bars, ...size };
}
