import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 30_000;

export interface OpenAiCompatibleProcess {
  /** The origin; OpenAI's base URL is `${url}/v1`. */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * The protocol-faithful OpenAI-compatible server of lambdas/testing (streaming chat completions, speech), run
 * through its CLI: e2e specs import only shared/, so they start it as a process, in its own group.
 */
export async function startOpenAiCompatibleServer(firstTokenMs = 0): Promise<OpenAiCompatibleProcess> {
  const child = spawn(
    'npx',
    [
      'tsx',
      'lambdas/testing/openai-compatible-server.ts',
      '--port',
      '0',
      '--first-token-ms',
      String(firstTokenMs),
    ],
    { cwd: repositoryRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
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
