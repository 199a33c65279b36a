import {
  PDFContext,
  PDFHexString,
  PDFString,
  PDFWriter,
  beginText,
  endText,
  fill,
  moveText,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  setFontAndSize,
  showText,
  type PDFOperator,
  type PDFRef,
} from 'pdf-lib';

import FONT_WIDTHS from './font-widths.json' with { type: 'json' };

// A tiny flowing-text layout over pdf-lib: lines that wrap and break across pages.
//
// It writes with pdf-lib's core layer (the document's objects, the operators, the writer) rather
// than its PDFDocument API, which a report of text and bars never needs: that API carries forms,
// parsing, images and custom fonts, about twice as much code to compile at a cold start, and draws
// each line inside a graphics state of its own. The Lambda bundles declare pdf-lib free of side
// effects, so only the core modules used here are bundled (infra/aws/bundling.ts).
//
// Text is set in two of the standard fonts, which a PDF names and never embeds. Their widths come
// from a table generated from pdf-lib's own metrics (tools/generate-font-widths.ts) rather than from
// its font embedder, which inflates and parses each font's whole metrics file (71 KB of JSON, mostly
// kerning pairs) at a process's first render. The table has no kerning, and neither has the text
// operator the pages use (Tj), so a measured line is as wide as the line drawn.

const PAGE: [number, number] = [612, 792]; // US Letter
const MARGIN = 54;
const WIDTH = PAGE[0] - 2 * MARGIN;

/** The standard fonts encode WinAnsi only: fold accents, replace anything else, never throw. */
export function winAnsi(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7E]/g, '?');
}

type FontName = 'Helvetica' | 'Helvetica-Bold';

interface Face {
  /** The font's name in each page's resources. */
  key: 'F1' | 'F2';
  name: FontName;
  ref: PDFRef;
}

/** A line's width in points: its characters' advance widths, in thousandths of the size. */
export function textWidth(font: FontName, text: string, size: number): number {
  const widths = FONT_WIDTHS[font];
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    // Past the table only if a caller skipped winAnsi(); measured as pdf-lib measures a glyph it has no width for.
    total += widths[text.charCodeAt(i) - FONT_WIDTHS.firstCode] ?? 250;
  }
  return (total * size) / 1000;
}

/** Text already folded by winAnsi(): printable ASCII, whose WinAnsi codes are its own. */
export const encodedText = (text: string): PDFHexString => {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(2, '0').toUpperCase();
  return PDFHexString.of(hex);
};

export class Flow {
  private readonly pages: PDFOperator[][] = [];
  private ops: PDFOperator[] = [];
  private y = 0;
  private readonly font: Face;
  private readonly bold: Face;

  private constructor(
    private readonly context: PDFContext,
    private readonly title: string,
    private readonly createdAt: Date,
  ) {
    this.font = { key: 'F1', name: 'Helvetica', ref: context.nextRef() };
    this.bold = { key: 'F2', name: 'Helvetica-Bold', ref: context.nextRef() };
    this.newPage();
  }

  /** `createdAt`: the document's date (the service clock's, never the machine's), in its metadata. */
  static async create(title: string, createdAt: Date): Promise<Flow> {
    return new Flow(PDFContext.create(), title, createdAt);
  }

  private newPage(): void {
    this.ops = [];
    this.pages.push(this.ops);
    this.y = PAGE[1] - MARGIN;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  private draw(line: string, x: number, size: number, face: Face, color: readonly [number, number, number]): void {
    this.ops.push(
      beginText(),
      setFontAndSize(face.key, size),
      setFillingRgbColor(...color),
      moveText(x, this.y - size),
      showText(encodedText(line)),
      endText(),
    );
  }

  text(
    content: string,
    opts: { size?: number; bold?: boolean; gap?: number; color?: [number, number, number] } = {},
  ): void {
    const size = opts.size ?? 10;
    const face = opts.bold ? this.bold : this.font;
    const words = winAnsi(content).split(' ');
    let line = '';
    const lines: string[] = [];
    for (const w of words) {
      const candidate = line ? `${line} ${w}` : w;
      if (textWidth(face.name, candidate, size) > WIDTH && line) {
        lines.push(line);
        line = w;
      } else line = candidate;
    }
    if (line) lines.push(line);
    for (const l of lines) {
      this.ensure(size + 4);
      this.draw(l, MARGIN, size, face, opts.color ?? [0, 0, 0]);
      this.y -= size + 4;
    }
    this.y -= opts.gap ?? 2;
  }

  /** A row of columns at fixed x offsets (fractions of the text width). */
  row(cells: string[], columns: number[], opts: { bold?: boolean; size?: number } = {}): void {
    const size = opts.size ?? 9;
    const face = opts.bold ? this.bold : this.font;
    this.ensure(size + 5);
    cells.forEach((c, i) => {
      let t = winAnsi(c);
      const max = ((columns[i + 1] ?? 1) - (columns[i] ?? 0)) * WIDTH - 6;
      while (t.length > 1 && textWidth(face.name, t, size) > max) t = `${t.slice(0, -2)}.`;
      this.draw(t, MARGIN + (columns[i] ?? 0) * WIDTH, size, face, [0, 0, 0]);
    });
    this.y -= size + 5;
  }

  /**
   * Bars (a barcode's, in its own units: `bars` left edges and widths across `size`) at the left
   * margin, `width` points wide, its aspect kept: vector rectangles in one black fill.
   */
  bars(
    bars: ReadonlyArray<{ x: number; width: number }>,
    size: { width: number; height: number },
    width: number,
  ): void {
    const unit = width / size.width;
    const height = size.height * unit;
    this.ensure(height + 4);
    const y = this.y - height;
    this.ops.push(
      pushGraphicsState(),
      setFillingRgbColor(0, 0, 0),
      ...bars.map((b) => rectangle(MARGIN + b.x * unit, y, b.width * unit, height)),
      fill(),
      popGraphicsState(),
    );
    this.y -= height + 6;
  }

  space(points: number): void {
    this.y -= points;
  }

  async bytes(): Promise<Uint8Array> {
    const { context } = this;
    for (const face of [this.font, this.bold])
      context.assign(
        face.ref,
        context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: face.name, Encoding: 'WinAnsiEncoding' }),
      );
    const treeRef = context.nextRef();
    const resources = { Font: { [this.font.key]: this.font.ref, [this.bold.key]: this.bold.ref } };
    const kids = this.pages.map((ops) =>
      context.register(
        context.obj({
          Type: 'Page',
          Parent: treeRef,
          MediaBox: [0, 0, ...PAGE],
          Resources: resources,
          // Deflated: pdf-lib's content streams are Flate-encoded by default.
          Contents: context.register(context.contentStream(ops)),
        }),
      ),
    );
    context.assign(treeRef, context.obj({ Type: 'Pages', Kids: kids, Count: kids.length }));
    context.trailerInfo.Root = context.register(context.obj({ Type: 'Catalog', Pages: treeRef }));
    context.trailerInfo.Info = context.register(
      context.obj({
        Title: PDFHexString.fromText(winAnsi(this.title)),
        Producer: PDFHexString.fromText('Lab Tests'),
        Creator: PDFHexString.fromText('Lab Tests'),
        CreationDate: PDFString.fromDate(this.createdAt),
        ModDate: PDFString.fromDate(this.createdAt),
      }),
    );
    // A plain cross-reference table, and no pause every 50 objects (pdf-lib yields to the event
    // loop for a timer's turn so a browser tab stays responsive, which a function never needs).
    return PDFWriter.forContext(context, Number.POSITIVE_INFINITY).serializeToBuffer();
  }
}
