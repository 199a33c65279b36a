// Stripe's Node client, bundled with only the API resources our adapter calls. Its constructor
// builds an instance of every resource the API has (about 150, from classes imported one by one),
// so esbuild keeps all of them: about 250 KB that a charging function compiles at its first
// charge, though shared/adapters/stripe-payments.ts calls two. The constructor's generated section
// is rewritten to build only those two; the others, then unused, drop out of the bundle. A build
// fails when the section is not as this expects (a Stripe upgrade that changed its shape), and a
// test holds the adapter to calling no resource but these.
import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The client's resources the adapter uses (`stripe.paymentIntents`, `stripe.refunds`). */
export const STRIPE_RESOURCES: readonly string[] = ['paymentIntents', 'refunds'];

const STRIPE_CLIENT = /[\\/]node_modules[\\/]stripe[\\/]esm[\\/]stripe\.esm\.node\.js$/;
const SECTION = 'StripeInitInstanceVariables';
const BEGIN = `// ${SECTION}: The beginning of the section generated from our OpenAPI spec`;
const END = `// ${SECTION}: The end of the section generated from our OpenAPI spec`;
// The index of every resource, which builds the namespaced ones (issuing, treasury...) as it loads:
// read by a resource-building method the client no longer calls, and for the OAuth resource, which
// is imported from its own module instead.
const NAMESPACE_IMPORT = "import * as resources from './resources.js';";
const OAUTH_IMPORT = "import { OAuthResource } from './resources.js';";
const RESOURCE_LINE = /^\s*this\.(\w+) = new \w+\(this\);$/;

/** The client module's source with its constructor building only the resources named in `keep`. */
export function withOnlyResources(source: string, keep: readonly string[]): string {
  const begin = source.indexOf(BEGIN);
  const end = source.indexOf(END);
  if (begin < 0 || end < begin || !source.includes(NAMESPACE_IMPORT) || !source.includes(OAUTH_IMPORT))
    throw new Error(
      "Stripe's client module is not shaped as infra/aws/bundle/stripe-resources.ts expects: check it against this Stripe version",
    );
  const lines = source.slice(begin + BEGIN.length, end).split('\n');
  const kept = lines.filter((line) => {
    const name = RESOURCE_LINE.exec(line)?.[1];
    return name === undefined || keep.includes(name);
  });
  const missing = keep.filter((name) => !kept.some((line) => RESOURCE_LINE.exec(line)?.[1] === name));
  if (missing.length) throw new Error(`Stripe's client builds no resource named ${missing.join(', ')}`);
  return (source.slice(0, begin + BEGIN.length) + kept.join('\n') + source.slice(end))
    .replace(NAMESPACE_IMPORT, 'const resources = {};')
    .replace(OAUTH_IMPORT, "import { OAuthResource } from './resources/OAuth.js';");
}

export const stripeWithOnlyOurResources: Plugin = {
  name: 'stripe-with-only-our-resources',
  setup(b) {
    b.onLoad({ filter: STRIPE_CLIENT }, async (args) => ({
      contents: withOnlyResources(await readFile(args.path, 'utf8'), STRIPE_RESOURCES),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};
