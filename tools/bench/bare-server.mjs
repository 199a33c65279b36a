// The baseline: a bare node:http server answering a fixed JSON body of a quote's size.
import { createServer } from 'node:http';
const body = JSON.stringify({ ok: true, padding: 'x'.repeat(6000) });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`bare listening on http://127.0.0.1:${server.address().port}`));
