import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  /** The origin the server printed as `listening on <url>`. */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Runs one of the protocol-faithful servers of lambdas/testing through its CLI (`npx tsx <script> ...args`): e2e
 * specs import only shared/, so they start it as a process, in its own group, and wait for its address line.
 */
export async function startServerProcess(script: string, args: readonly string[]): Promise<ServerProcess> {
  const child = spawn('npx', ['tsx', script, ...args], {
    cwd: repositoryRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await exited;
    }
  };
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no address within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const address = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve(address);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, stop };
}
