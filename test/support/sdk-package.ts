import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const ROOT = resolve(import.meta.dirname, '..', '..');
const SDK = join(ROOT, 'packages', 'sdk');

export interface PackedProject {
  dir: string;
  tarball: string;
  files: string[];
}

/**
 * Builds the SDK with the repository's TypeScript, packs it with npm, and installs the tarball,
 * offline, into an empty project beside the examples, as a partner would. Express, the receiver
 * example's other dependency, is linked from the repository's own install.
 */
export async function packIntoEmptyProject(): Promise<PackedProject> {
  const dir = mkdtempSync(join(tmpdir(), 'lab-sdk-'));
  rmSync(join(SDK, 'dist'), { recursive: true, force: true });
  await run(process.execPath, [
    join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    join(SDK, 'tsconfig.json'),
  ]);
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: SDK });
  const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'partner-app', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(dir, packed!.filename)], { cwd: project });
  symlinkSync(join(ROOT, 'node_modules', 'express'), join(project, 'node_modules', 'express'), 'dir');
  copyFileSync(join(ROOT, 'examples', 'quickstart', 'quickstart.mjs'), join(project, 'quickstart.mjs'));
  copyFileSync(join(ROOT, 'examples', 'webhook-receiver', 'server.mjs'), join(project, 'server.mjs'));
  return { dir: project, tarball: join(dir, packed!.filename), files: packed!.files.map((f) => f.path) };
}

/** Starts a node script, collecting its output lines; resolves once a line matches `ready`. */
export async function startScript(
  cwd: string,
  script: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; lines: string[]; match: RegExpExecArray }> {
  const child = spawn(process.execPath, [script], { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
  const lines: string[] = [];
  let buffer = '';
  const match = await new Promise<RegExpExecArray>((resolveMatch, reject) => {
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const m = ready.exec(line);
        if (m) resolveMatch(m);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => lines.push(c.toString('utf8')));
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}: ${lines.join('\n')}`)));
  });
  return { child, lines, match };
}

/** Waits (polling the collected output) until a line satisfies `test`. */
export async function waitForLine(lines: string[], test: (line: string) => boolean, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const found = lines.find(test);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no matching line in:\n${lines.join('\n')}`);
}
