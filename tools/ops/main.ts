import { COMMANDS, usage, type Parsed } from './commands.js';
import { opsClient, regionOf, type Transport } from './client.js';

// `npm run ops -- <command>`: the operator API from a terminal (see `--help` and the README).

class UsageError extends Error {}

function parse(argv: string[]): { command: (typeof COMMANDS)[number]; parsed: Parsed; aws: boolean } {
  const words: string[] = [];
  const options: Record<string, string> = {};
  let aws = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--aws') aws = true;
    else if (a.startsWith('--')) {
      const [k, inline] = a.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`--${k} needs a value`);
      options[k] = v;
    } else words.push(a);
  }
  const command = COMMANDS.find((c) => c.name.split(' ').every((w, i) => words[i] === w));
  if (!command) throw new UsageError(words.length ? `unknown command: ${words.join(' ')}` : 'no command given');
  const args = words.slice(command.name.split(' ').length);
  if (args.length !== command.args.length)
    throw new UsageError(`${command.name} takes ${command.args.map((a) => `<${a}>`).join(' ') || 'no arguments'}`);
  for (const k of Object.keys(options))
    if (!(command.options ?? []).includes(k)) throw new UsageError(`${command.name} has no option --${k}`);
  return { command, parsed: { args, options }, aws };
}

async function transport(aws: boolean, url: string): Promise<Transport> {
  const token = process.env.ADMIN_TOKEN;
  if (token && !aws) return { kind: 'bearer', token };
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? regionOf(url);
  if (!region) throw new UsageError('set AWS_REGION: it cannot be read from OPS_URL');
  const { defaultProvider } = await import('@aws-sdk/credential-provider-node');
  return { kind: 'sigv4', region, credentials: defaultProvider() };
}

export async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  try {
    const { command, parsed, aws } = parse(argv);
    const url = process.env.OPS_URL;
    if (!url) throw new UsageError('set OPS_URL to the operator API origin');
    const call = opsClient(url, await transport(aws, url));
    const { method, path, body } = command.request(parsed);
    const res = await call(method, path, body);
    const out = `${JSON.stringify(res.body, null, 2)}\n`;
    if (res.status < 400) {
      process.stdout.write(out);
      return 0;
    }
    process.stderr.write(`HTTP ${res.status}\n${out}`);
    return 1;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`ops: ${err.message}\n\n${usage()}\n`);
      return 2;
    }
    process.stderr.write(`ops: ${(err as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
