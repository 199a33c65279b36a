import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderRequisitionPdf, type RequisitionInput } from '../../shared/adapters/pdf/requisition-pdf.js';
import { renderResultsPdf, type ResultsPdfInput } from '../../shared/adapters/pdf/results-pdf.js';
import { requisitionNumberFor } from '../../shared/domain/lab-orders/orm.js';
import { barWidths, decodeCode128, pdfContent } from '../support/pdf.js';
import { LAMBDA_ESBUILD } from '../../infra/aws/bundling.js';

const REPO_ROOT = join(import.meta.dirname, '..', '..');

const requisition = (over: Partial<RequisitionInput> = {}): RequisitionInput => ({
  requisitionNumber: requisitionNumberFor('order_01kbench'),
  labAccession: 'ACC1',
  orderId: 'order_01kbench',
  issuedAt: new Date('2026-03-02T10:00:00Z'),
  patient: { firstName: 'José', lastName: 'Núñez', dateOfBirth: '1980-01-02', sex: 'male' },
  orderingPhysician: { name: 'Dr. Ana Ruiz', npi: '1234567893' },
  tests: [{ id: 'cbc', name: 'Complete blood count', biomarkers: ['Hemoglobin', 'Hematocrit', 'Platelets'] }],
  fastingRequired: true,
  drawSite: { name: 'Main St PSC', address: '1 Main St, Austin, TX 78701', phone: '512-555-0100' },
  partnerName: 'Acme Health',
  ...over,
});

const results = (count: number): ResultsPdfInput => ({
  orderId: 'order_01kbench',
  reportedAt: new Date('2026-03-04T09:30:00Z'),
  patient: { firstName: 'Ana', lastName: 'Quintero', dateOfBirth: '1975-05-06', sex: 'female' },
  analytes: Array.from({ length: count }, (_, i) => ({
    name: `Analyte ${i} with a name long enough to be cut at its column's edge`,
    value: i % 5 === 0 ? null : i,
    valueText: i % 5 === 0 ? 'Positive' : null,
    unit: 'mg/dL',
    referenceRange: '1-10',
    flag: i % 3 === 0 ? null : 'high',
    notReported: i === 7,
  })),
  source: 'lab_electronic',
});

/** What pdf-lib, a full parser, reads back, refusing any object it cannot parse. */
const parsed = (bytes: Uint8Array) => PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });

describe('requisition PDF', () => {
  it('a PDF that parses: one page, its title, the text the patient needs, no image', async () => {
    const input = requisition();
    const pdf = await renderRequisitionPdf(input);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(Buffer.from(pdf).toString('latin1')).not.toContain('/Subtype /Image');
    const doc = await parsed(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Lab requisition ${input.requisitionNumber}`);
    // Dated by the order's issue time (the service clock), not the machine's.
    expect(doc.getCreationDate()).toEqual(input.issuedAt);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    const { text } = pdfContent(pdf);
    expect(text).toContain(`Requisition number: ${input.requisitionNumber}`);
    expect(text).toContain('Lab accession: ACC1');
    // The standard fonts encode WinAnsi only: accents are folded, never dropped as a whole word.
    expect(text).toContain('Nunez, Jose');
    expect(text).toContain('FASTING REQUIRED');
    expect(text).toContain('Main St PSC');
  });

  it('carries the requisition number as a Code 128 barcode drawn in bars, which decodes back to it', async () => {
    for (const orderId of ['order_01kbench', 'order_01kother', 'order_01kthird']) {
      const number = requisitionNumberFor(orderId);
      const { rects } = pdfContent(await renderRequisitionPdf(requisition({ requisitionNumber: number })));
      expect(decodeCode128(barWidths(rects))).toBe(number);
      // The bars keep to the 180-point width the requisition gives them, at the left margin.
      const left = Math.min(...rects.map((r) => r[0] as number));
      const right = Math.max(...rects.map((r) => (r[0] as number) + (r[2] as number)));
      expect(left).toBe(54);
      expect(right).toBeCloseTo(234, 3);
    }
  });

  it('a long list of tests flows onto further pages', async () => {
    const tests = Array.from({ length: 40 }, (_, i) => ({
      id: `t${i}`,
      name: `Test ${i}`,
      biomarkers: Array.from({ length: 12 }, (_, k) => `Biomarker ${k}`),
    }));
    const pdf = await renderRequisitionPdf(requisition({ tests, drawSite: null, fastingRequired: false }));
    expect((await parsed(pdf)).getPageCount()).toBeGreaterThan(1);
    const { text } = pdfContent(pdf);
    expect(text).toContain('Test 39 (t39)');
    expect(text).toContain('No fasting needed.');
    expect(text).toContain('Any participating patient service center.');
  });
});

describe('the requisition barcode', () => {
  it('decodes back to the requisition number for any order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 30 }), async (id) => {
        const number = requisitionNumberFor(`order_${id}`);
        const { rects } = pdfContent(await renderRequisitionPdf(requisition({ requisitionNumber: number })));
        expect(decodeCode128(barWidths(rects))).toBe(number);
      }),
      { numRuns: 50 },
    );
  });
});

describe('results PDF', () => {
  it('a PDF that parses, whose rows break across pages, with every flag in words', async () => {
    const pdf = await renderResultsPdf(results(90));
    const doc = await parsed(pdf);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(doc.getTitle()).toBe('Lab results order_01kbench');
    expect(doc.getCreationDate()).toEqual(new Date('2026-03-04T09:30:00Z'));
    const { text } = pdfContent(pdf);
    expect(text).toContain('Laboratory Results');
    expect(text).toContain('Quintero, Ana');
    expect(text).toContain('No verdict');
    expect(text).toContain('Withheld');
    expect(text).toContain('Positive');
    // A name wider than its column is cut, so it never runs into the result.
    expect(text).not.toContain("at its column's edge");
    expect(text).toContain('"No verdict" means the lab gave none');
  });
});

describe('the PDFs as the Lambda bundles render them (pako replaced by node:zlib, no font metrics)', () => {
  it('render the same pages and text as in process, and parse', async () => {
    const out = mkdtempSync(join(tmpdir(), 'pdf-bundle-'));
    try {
      const outfile = join(out, 'renderers.mjs');
      const { metafile } = await build({
        ...LAMBDA_ESBUILD,
        metafile: true,
        splitting: false, // one file from stdin; the aliases are what this test is about
        stdin: {
          contents: [
            "export { renderRequisitionPdf } from './shared/adapters/pdf/requisition-pdf.ts';",
            "export { renderResultsPdf } from './shared/adapters/pdf/results-pdf.ts';",
          ].join('\n'),
          resolveDir: REPO_ROOT,
          loader: 'ts',
        },
        outfile,
        logLevel: 'silent',
      });
      // pako is gone from the bundle (the pages were deflated by zlib), and so are the fonts'
      // metrics: the layout measures text with its generated width table.
      expect(readFileSync(outfile, 'utf8')).not.toContain('pako');
      const output = Object.values(metafile.outputs)[0];
      const inputs = Object.entries(output?.inputs ?? {}).filter(([, i]) => i.bytesInOutput > 0);
      expect(inputs.map(([name]) => name).filter((name) => name.includes('@pdf-lib/standard-fonts'))).toEqual([]);
      expect(inputs.map(([name]) => name)).toContain('shared/adapters/pdf/font-widths.json');
      const bundled = (await import(pathToFileURL(outfile).href)) as {
        renderRequisitionPdf: typeof renderRequisitionPdf;
        renderResultsPdf: typeof renderResultsPdf;
      };
      const cases: Array<[Uint8Array, Uint8Array]> = [
        [await bundled.renderRequisitionPdf(requisition()), await renderRequisitionPdf(requisition())],
        [await bundled.renderResultsPdf(results(120)), await renderResultsPdf(results(120))],
      ];
      for (const [fromBundle, inProcess] of cases) {
        // pdf-lib reads zlib's streams back through pako, and the test's reader through zlib.
        expect((await parsed(fromBundle)).getPageCount()).toBe((await parsed(inProcess)).getPageCount());
        expect(pdfContent(fromBundle)).toEqual(pdfContent(inProcess));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
