/**
 * `npx cdk synth` as an operator runs it: wall time and peak memory of the whole process tree (the CDK CLI
 * and the app it starts, with every Lambda bundled by esbuild), over a fresh output folder each run. Both
 * figures matter to an operator; run it with networking off (`unshare -n`, loopback up) to show it needs none.
 *
 * Memory is read from /proc every 50 ms: the peak of the tree's summed resident set, and of its largest
 * process (what `/usr/bin/time -v` reports). Linux only; elsewhere only the time is printed.
 *
 *   npx tsx bench/cdk-synth.ts [--runs 3]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repositoryRoot } from '@wayfarer/infra/aws/lambda-bundling';

interface SynthFigure {
  readonly seconds: number;
  readonly exitCode: number | null;
  /** Undefined where /proc is not there to read. */
  readonly peakTreeMb: number | undefined;
  readonly peakProcessMb: number | undefined;
}

function residentKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
}

/** The pid and all its descendants, through each thread's `children` list. */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) {
    const current = tree[index] as number;
    try {
      const text = readFileSync(`/proc/${current}/task/${current}/children`, 'utf8');
      tree.push(...text.split(/\s+/).filter(Boolean).map(Number));
    } catch {
      // Exited between two reads: it simply has no children any more.
    }
  }
  return tree;
}

function synthOnce(): Promise<SynthFigure> {
  const outdir = mkdtempSync(join(tmpdir(), 'wayfarer-synth-'));
  const canReadProc = existsSync('/proc/self/status');
  const started = performance.now();
  const child = spawn('npx', ['cdk', 'synth', '--quiet', '-o', outdir], {
    cwd: repositoryRoot,
    env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' },
    // The CLI reports each bundle on stderr: kept, and shown only if the synth fails.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  let peakTreeKb = 0;
  let peakProcessKb = 0;
  const sampler = setInterval(() => {
    if (!canReadProc || child.pid === undefined) return;
    let sum = 0;
    for (const pid of processTree(child.pid)) {
      try {
        const kb = residentKb(pid);
        sum += kb;
        peakProcessKb = Math.max(peakProcessKb, kb);
      } catch {
        // Gone before it could be read.
      }
    }
    peakTreeKb = Math.max(peakTreeKb, sum);
  }, 50);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (exitCode) => {
      clearInterval(sampler);
      rmSync(outdir, { recursive: true, force: true });
      if (exitCode !== 0) process.stderr.write(stderr);
      resolve({
        seconds: (performance.now() - started) / 1000,
        exitCode,
        peakTreeMb: canReadProc ? peakTreeKb / 1024 : undefined,
        peakProcessMb: canReadProc ? peakProcessKb / 1024 : undefined,
      });
    });
  });
}

const format = (value: number | undefined, digits: number) =>
  value === undefined ? 'n/a' : value.toFixed(digits);

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<SynthFigure[]> {
  const runsFlag = argv.indexOf('--runs');
  const runs = runsFlag >= 0 ? Number(argv[runsFlag + 1]) : 3;
  console.log(
    `npx cdk synth --quiet (every stack, every Lambda bundled; ${runs} runs, load ${loadavg()[0]?.toFixed(2)})`,
  );
  console.log('run   seconds   peak tree MB   peak process MB   exit');
  const figures: SynthFigure[] = [];
  for (let run = 1; run <= runs; run++) {
    const figure = await synthOnce();
    figures.push(figure);
    console.log(
      `${String(run).padEnd(5)} ${figure.seconds.toFixed(1).padStart(7)} ${format(figure.peakTreeMb, 0).padStart(14)} ${format(figure.peakProcessMb, 0).padStart(17)}   ${figure.exitCode}`,
    );
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
