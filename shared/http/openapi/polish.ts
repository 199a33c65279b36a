// Final touches on a generated document, where the generator has no hook: an example on every
// parameter, and nothing empty or unused left behind.

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  example?: unknown;
  schema?: { enum?: unknown[]; type?: string | string[] };
}

const ID_EXAMPLES: Array<[RegExp, string]> = [
  [/\/partners\/\{id\}/, 'ptr_01kbx7m2q3r4s5t6v7w8x9y0z1'],
  [/\/deliveries\/\{id\}/, 'order_01kbx7m2q3r4s5t6v7w8x9y0z1__order.requisition_ready__placement'],
];

function exampleFor(path: string, p: Parameter, examples: Record<string, unknown>): unknown {
  if (p.in === 'path' && p.name === 'id') {
    const hit = ID_EXAMPLES.find(([re]) => re.test(path));
    if (hit) return hit[1];
  }
  const given = examples[p.name];
  const allowed = p.schema?.enum;
  if (allowed && !allowed.includes(given)) return allowed[0];
  return given;
}

/** Adds parameter examples and drops empty component maps and unused tags. */
export function polishDocument<D extends object>(doc: D, examples: Record<string, unknown>): D {
  const d = doc as unknown as Json & { paths?: Record<string, Record<string, Json>>; tags?: Array<{ name: string }> };
  const used = new Set<string>();
  for (const [path, item] of Object.entries(d.paths ?? {})) {
    for (const op of Object.values(item)) {
      for (const t of (op.tags as string[] | undefined) ?? []) used.add(t);
      for (const p of (op.parameters as Parameter[] | undefined) ?? []) {
        if (p.example !== undefined) continue;
        const example = exampleFor(path, p, examples);
        if (example !== undefined) p.example = example;
      }
    }
  }
  if (d.tags) d.tags = d.tags.filter((t) => used.has(t.name));
  const components = d.components as Record<string, Json> | undefined;
  if (components)
    for (const [k, v] of Object.entries(components)) if (Object.keys(v).length === 0) delete components[k];
  return doc;
}
