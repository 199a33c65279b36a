// The baseline: a bare node:http server answering fixed bytes: a JSON body of a quote's size, or
// the file named by argv[2] (the bench passes the partner OpenAPI document, to serve the same bytes).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
const body = process.argv[2] ? readFileSync(process.argv[2]) : JSON.stringify({ ok: true, padding: 'x'.repeat(6000) });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`bare listening on http://127.0.0.1:${server.address().port}`));
