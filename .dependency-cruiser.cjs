// The layering rules of docs/architecture.md, checked by `npm run layers` (part of `npm test`).
// Each layer imports only the ones below it:
//   infra/ > lambdas/ > functions/ > shared/http > shared/app > shared/ports > shared/domain
// with shared/adapters beside the ports they implement and the composition root
// (shared/composition.ts, with its parts in shared/composition/) the only place that builds adapters.
// A Lambda entry (lambdas/) binds one handler factory (functions/) to the root's getters; nothing
// else names an adapter. Wrong imports that predate these rules
// are listed in .dependency-cruiser-known-violations.json, to be burnt down; a NEW one fails.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'shared/domain holds pure rules: it imports no port, adapter, HTTP, app or composition module.',
      severity: 'error',
      from: { path: '^shared/domain/' },
      to: {
        path: '^(shared/(ports|adapters|http|app|mcp|pages|client)/|shared/composition(\\.ts|/)|functions/|infra/)',
      },
    },
    {
      name: 'domain-no-aws',
      comment: 'The domain needs no AWS, no Stripe, no HTTP framework to be tested.',
      severity: 'error',
      from: { path: '^shared/(domain|ports)/' },
      to: { path: '^node_modules/(@aws-sdk|@smithy|stripe|@middy|@aws-lambda-powertools|aws-cdk-lib)/' },
    },
    {
      name: 'ports-declare-only',
      comment: 'Ports declare shapes: they may import domain types, nothing above or beside.',
      severity: 'error',
      from: { path: '^shared/ports/' },
      to: { path: '^(shared/(adapters|http|app|mcp|pages|client)/|shared/composition(\\.ts|/)|functions/|infra/)' },
    },
    {
      name: 'app-below-the-edge',
      comment: 'Use cases take ports; they never reach an adapter, the HTTP edge or a handler.',
      severity: 'error',
      from: { path: '^shared/app/' },
      to: { path: '^(shared/(adapters|http|mcp|pages)/|shared/composition(\\.ts|/)|functions/|infra/)' },
    },
    {
      name: 'adapters-not-above',
      comment: 'Adapters implement ports; they never import the edge, handlers or the composition root.',
      severity: 'error',
      from: { path: '^shared/adapters/' },
      to: { path: '^(shared/(http|app|mcp|pages)/|shared/composition(\\.ts|/)|functions/|infra/)' },
    },
    {
      name: 'edge-is-injected',
      comment:
        'shared/http (and the pages and MCP content it serves) receives its logger, limiter, config and stores by injection.',
      severity: 'error',
      from: { path: '^shared/(http|pages|mcp)/' },
      to: { path: '^(shared/adapters/|shared/composition(\\.ts|/)|functions/|lambdas/|infra/)' },
    },
    {
      name: 'handlers-no-adapters',
      comment: 'Handlers decode, call one use case, encode: no adapter, no composition root, no infra.',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^(shared/adapters/|shared/composition(\\.ts|/)|lambdas/|infra/)' },
    },
    {
      name: 'entries-only-bind',
      comment: 'A Lambda entry binds its handler factory to the composition root, and does nothing else.',
      severity: 'error',
      from: { path: '^lambdas/' },
      to: { pathNot: '^(functions/|shared/composition\\.ts)' },
    },
    {
      name: 'composition-parts-in-order',
      comment:
        'The composition root builds upwards: core <- integrations <- flows, never back (shared/composition.ts joins them).',
      severity: 'error',
      from: { path: '^shared/composition/(core|integrations)\\.ts$' },
      to: { path: '^shared/composition(\\.ts$|/flows\\.ts$)' },
    },
    {
      name: 'composition-core-is-base',
      comment: 'core is the base of the composition root: it imports none of the other parts.',
      severity: 'error',
      from: { path: '^shared/composition/core\\.ts$' },
      to: { path: '^shared/composition/integrations\\.ts$' },
    },
    {
      name: 'config-is-leaf',
      comment: 'Configuration is read by every layer, so it imports none of them.',
      severity: 'error',
      from: { path: '^shared/config/' },
      to: { path: '^(shared/(adapters|http|app|ports|mcp|pages)/|shared/composition(\\.ts|/)|functions/|infra/)' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(shared|functions|lambdas)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
