// `npm run bench [name…]`: runs every benchmark in this folder whose file name contains one of the names (all of
// them without one), in turn; each prints its own figures. Benchmarks measure and print; they never pass or fail on
// a figure. What a benchmark printed is also written to bench/results/<bench>.txt, headed by when, at which commit,
// on how many cores and at what load it ran: the figures docs quote are regenerated there, never copied by hand.
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { loadAverages } from './lib/stats';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.join(here, 'results');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));

const files = (await readdir(here))
  .filter((name) => name.endsWith('.ts') && name !== 'run.ts' && !name.endsWith('.test.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();

function git(args: readonly string[]): string {
  try {
    return execFileSync('git', args, {
      cwd: here,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

/** Runs `work` while a copy of everything written to stdout (ANSI colours stripped) is kept. */
async function capturingStdout(work: () => Promise<void>): Promise<string> {
  const chunks: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  try {
    await work();
  } finally {
    process.stdout.write = write;
  }
  // eslint-disable-next-line no-control-regex
  return chunks.join('').replace(/\x1b\[[0-9;]*m/g, '');
}

for (const name of files) {
  const bench = name.replace(/\.ts$/, '');
  console.log(`\n== ${name}`);
  const module = (await import(pathToFileURL(path.join(here, name)).href)) as { main?: () => Promise<void> };
  if (typeof module.main !== 'function') continue;
  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty =
    git(['status', '--porcelain', '--untracked-files=no']) === '' ? '' : ' (with uncommitted changes)';
  const started = new Date().toISOString();
  const loadBefore = loadAverages();
  const printed = await capturingStdout(module.main);
  const header = [
    `# npm run bench ${bench}`,
    `# ${started}, commit ${commit}${dirty}, node ${process.version}, ${availableParallelism()} cores`,
    `# load average ${loadBefore} at the start, ${loadAverages()} at the end`,
    '',
  ].join('\n');
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, `${bench}.txt`), `${header}${printed.trimStart()}`);
}
