// jsbarcode's types cover its drawing function only; the part the service uses is one encoder.
declare module 'jsbarcode/bin/barcodes/CODE128/index.js' {
  /** Code 128 with automatic code sets; `encode().data` is its modules, '1' for bar and '0' for space. */
  export class CODE128 {
    constructor(data: string, options: Record<string, unknown>);
    valid(): boolean;
    encode(): { text: string; data: string };
  }
}
