import { inflateSync } from 'node:zlib';

// Reading back what our PDFs draw, independently of the writer: the text of their Tj operators
// (WinAnsi hex strings in Flate streams), the filled rectangles, and a Code 128 decoder for the bars.

/** The text each page draws, in order, and the rectangles it fills (x, y, width, height). */
export function pdfContent(bytes: Uint8Array): { text: string; rects: number[][] } {
  const raw = Buffer.from(bytes).toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
    try {
      return inflateSync(Buffer.from(m[1] as string, 'latin1')).toString('latin1');
    } catch {
      return '';
    }
  });
  const text = streams
    .flatMap((s) =>
      [...s.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((m) => Buffer.from(m[1] as string, 'hex').toString('latin1')),
    )
    .join('\n');
  const rects = streams.flatMap((s) =>
    [...s.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map((m) => m.slice(1, 5).map(Number)),
  );
  return { text, rects };
}

/** The modules of each bar and space, read from bars drawn side by side (a rectangle each). */
export function barWidths(bars: number[][]): number[] {
  const sorted = [...bars].sort((a, b) => (a[0] as number) - (b[0] as number));
  const edges: number[] = [];
  for (const [x, , w] of sorted as Array<[number, number, number, number]>) edges.push(x, x + w);
  const spans = edges.slice(1).map((e, i) => e - (edges[i] as number));
  const total = (edges.at(-1) as number) - (edges[0] as number);
  // Bars and spaces alternate, 6 to a symbol and 7 in the stop; a symbol is 11 modules, the stop 13.
  const symbols = (spans.length - 7) / 6;
  return spans.map((s) => Math.round((s * (symbols * 11 + 13)) / total));
}

// The standard's table, written out here so the decoder does not share the encoder's.
// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213', '221312',
  '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132', '221231', '213212',
  '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211', '212123', '212321', '232121',
  '111323', '131123', '131321', '112313', '132113', '132311', '211313', '231113', '231311', '112133', '112331',
  '132131', '113123', '113321', '133121', '313121', '211331', '231131', '213113', '213311', '213131', '311123',
  '311321', '331121', '312113', '312311', '332111', '314111', '221411', '431111', '111224', '111422', '121124',
  '121421', '141122', '141221', '112214', '112412', '122114', '122411', '142112', '142211', '241211', '221114',
  '413111', '241112', '134111', '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112',
  '421211', '212141', '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311',
  '113141', '114131', '311141', '411131', '211412', '211214', '211232',
];

/** The text of a Code 128 symbol (code sets B and C), checking its start, check symbol and stop. */
export function decodeCode128(widths: number[]): string {
  const s = widths.join('');
  if (!s.endsWith('2331112')) throw new Error('no stop pattern');
  const values: number[] = [];
  for (let i = 0; i < s.length - 7; i += 6) {
    const v = PATTERNS.indexOf(s.slice(i, i + 6));
    if (v < 0) throw new Error(`unknown symbol at module group ${i / 6}`);
    values.push(v);
  }
  const check = values.pop() as number;
  const sum = values.reduce((acc, v, k) => acc + v * Math.max(k, 1), 0) % 103;
  if (sum !== check) throw new Error('check symbol does not match');
  let set: 'B' | 'C';
  const [start, ...data] = values;
  if (start === 104) set = 'B';
  else if (start === 105) set = 'C';
  else throw new Error('not a code set B or C start');
  let out = '';
  for (const v of data) {
    if (set === 'C' && v < 100) out += String(v).padStart(2, '0');
    else if (set === 'C' && v === 100) set = 'B';
    else if (set === 'B' && v < 95) out += String.fromCharCode(v + 32);
    else if (set === 'B' && v === 99) set = 'C';
    else throw new Error(`unexpected function symbol ${v} in code set ${set}`);
  }
  return out;
}
