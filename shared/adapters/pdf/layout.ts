import {
  PDFDocument,
  StandardFonts,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';

// A tiny flowing-text layout over pdf-lib: lines that wrap and break across pages.

const PAGE: [number, number] = [612, 792]; // US Letter
const MARGIN = 54;

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

/**
 * Loads what every render needs first (pdf-lib's code and the two fonts' metrics, which it inflates
 * once per process), so a caller can have it done while it waits on the network.
 */
export async function warmUpFonts(): Promise<void> {
  const doc = await PDFDocument.create();
  await doc.embedFont(StandardFonts.Helvetica);
  await doc.embedFont(StandardFonts.HelveticaBold);
}

export class Flow {
  private page!: PDFPage;
  private y = 0;
  private constructor(
    readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  static async create(title: string): Promise<Flow> {
    const doc = await PDFDocument.create();
    doc.setTitle(winAnsi(title));
    doc.setProducer('Lab Tests');
    return new Flow(
      doc,
      await doc.embedFont(StandardFonts.Helvetica),
      await doc.embedFont(StandardFonts.HelveticaBold),
    );
  }

  private newPage(): void {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  text(
    content: string,
    opts: { size?: number; bold?: boolean; gap?: number; color?: [number, number, number] } = {},
  ): void {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.font;
    const width = PAGE[0] - 2 * MARGIN;
    const words = winAnsi(content).split(' ');
    let line = '';
    const lines: string[] = [];
    for (const w of words) {
      const candidate = line ? `${line} ${w}` : w;
      if (font.widthOfTextAtSize(candidate, size) > width && line) {
        lines.push(line);
        line = w;
      } else line = candidate;
    }
    if (line) lines.push(line);
    for (const l of lines) {
      this.ensure(size + 4);
      this.page.drawText(l, { x: MARGIN, y: this.y - size, size, font, color: rgb(...(opts.color ?? [0, 0, 0])) });
      this.y -= size + 4;
    }
    this.y -= opts.gap ?? 2;
  }

  /** A row of columns at fixed x offsets (fractions of the text width). */
  row(cells: string[], columns: number[], opts: { bold?: boolean; size?: number } = {}): void {
    const size = opts.size ?? 9;
    const width = PAGE[0] - 2 * MARGIN;
    this.ensure(size + 5);
    cells.forEach((c, i) => {
      const font = opts.bold ? this.bold : this.font;
      let t = winAnsi(c);
      const max = ((columns[i + 1] ?? 1) - (columns[i] ?? 0)) * width - 6;
      while (t.length > 1 && font.widthOfTextAtSize(t, size) > max) t = `${t.slice(0, -2)}…`.replace('…', '.');
      this.page.drawText(t, { x: MARGIN + (columns[i] ?? 0) * width, y: this.y - size, size, font });
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
    this.page.pushOperators(
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
    // A plain cross-reference table: object streams would deflate every object once more (in
    // JavaScript, at a cold start) to save a few hundred bytes on a one- or two-page document. And
    // no pause every 50 objects: pdf-lib yields to the event loop for a timer's turn (1 ms or
    // more) so a browser tab stays responsive, which a function answering one request never needs.
    return this.doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
  }
}
