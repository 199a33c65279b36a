import code128 from 'jsbarcode/bin/barcodes/CODE128/index.js';

/** A barcode as bars: left edges and widths in modules, across a symbol `width` modules wide and `height` tall. */
export interface Bars {
  bars: Array<{ x: number; width: number }>;
  width: number;
  height: number;
}

/**
 * Code 128 of `text`, as lab requisitions carry it, encoded by JsBarcode's Code 128 encoder alone
 * (automatic code sets, its check symbol and stop) and taken as its bars rather than an image: the
 * PDF draws them as vector rectangles (sharp at any print size, nothing to encode and decode on the
 * way). The encoder is all of JsBarcode a requisition needs (11 KB); its drawing code is never
 * loaded. `heightMm` is the bars' height at one point per module.
 */
export function code128Bars(text: string, heightMm: number): Bars {
  const symbol = new code128.CODE128(text, {});
  if (!symbol.valid()) throw new Error('Code 128 cannot encode this text');
  const { data } = symbol.encode();
  const bars = [...data.matchAll(/1+/g)].map((run) => ({ x: run.index, width: run[0].length }));
  return { bars, width: data.length, height: Math.ceil((heightMm * 72) / 25.4) };
}
