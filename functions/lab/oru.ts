// POST /lab/v1/oru: the lab's own inbound interface for electronic results (ORU^R01, raw body),
// authenticated as the lab (its IAM role in AWS, LAB_TOKEN locally), never as an operator. It
// answers exactly as the operator route does: one ingestion path, whoever delivers.
export { makeHandler } from '../admin/lab-oru.js';
