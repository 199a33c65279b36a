import { code128Bars } from './barcode.js';
import { Flow } from './layout.js';

export interface RequisitionInput {
  requisitionNumber: string;
  /** The lab's own number for the order (its accession), when it gave one. */
  labAccession?: string | null;
  orderId: string;
  issuedAt: Date;
  patient: { firstName: string; lastName: string; dateOfBirth: string; sex: string };
  orderingPhysician: { name: string; npi: string };
  tests: Array<{ id: string; name: string; biomarkers: string[] }>;
  fastingRequired: boolean;
  drawSite: { name: string; address: string; phone: string } | null;
  partnerName: string;
}

/** The barcode encoder run once, so a first requisition finds its code compiled. */
export async function warmUp(): Promise<void> {
  code128Bars('RQ0000000000', 10);
}

/** The lab requisition the patient brings to the draw site. */
export async function renderRequisitionPdf(input: RequisitionInput): Promise<Uint8Array> {
  const f = await Flow.create(`Lab requisition ${input.requisitionNumber}`, input.issuedAt);
  f.text('Laboratory Test Requisition', { size: 18, bold: true, gap: 6 });
  f.text(`Requisition number: ${input.requisitionNumber}`, { size: 12, bold: true });
  // Code 128, as lab requisitions carry it: the draw site scans it instead of typing the number.
  const barcode = code128Bars(input.requisitionNumber, 10);
  f.bars(barcode.bars, barcode, 180);
  if (input.labAccession) f.text(`Lab accession: ${input.labAccession}`, { bold: true });
  f.text(
    `Order: ${input.orderId}    Issued: ${input.issuedAt.toISOString().slice(0, 10)}    Ordered through: ${input.partnerName}`,
    { gap: 10 },
  );
  f.text('Patient', { size: 12, bold: true });
  f.text(
    `${input.patient.lastName}, ${input.patient.firstName}    Date of birth: ${input.patient.dateOfBirth}    Sex: ${input.patient.sex}`,
    { gap: 10 },
  );
  f.text('Ordering physician', { size: 12, bold: true });
  f.text(`${input.orderingPhysician.name}    NPI ${input.orderingPhysician.npi}`, { gap: 10 });
  f.text('Tests ordered', { size: 12, bold: true });
  for (const t of input.tests) {
    f.text(`${t.name} (${t.id})`, { bold: true, gap: 0 });
    f.text(`Includes: ${t.biomarkers.join(', ')}`, { size: 9, gap: 4 });
  }
  f.space(6);
  f.text('Preparation', { size: 12, bold: true });
  if (input.fastingRequired)
    f.text(
      'FASTING REQUIRED: do not eat for 8-12 hours before the draw. Water is fine; keep taking prescribed medicines unless told otherwise.',
      { bold: true },
    );
  else f.text('No fasting needed. Drink water as usual.');
  f.space(6);
  f.text('Draw site', { size: 12, bold: true });
  if (input.drawSite) f.text(`${input.drawSite.name}, ${input.drawSite.address}. Phone ${input.drawSite.phone}.`);
  else f.text('Any participating patient service center. Find one near you in your partner app.');
  f.space(6);
  f.text('Bring this requisition (printed or on your phone) and a government-issued photo ID.', { bold: true });
  return f.bytes();
}
