import { startServerProcess, type ServerProcess } from './server-process';

/** The origin is `url`; OpenAI's base URL is `${url}/v1`. */
export type OpenAiCompatibleProcess = ServerProcess;

/** The protocol-faithful OpenAI-compatible server of lambdas/testing (streaming chat completions, speech). */
export function startOpenAiCompatibleServer(
  firstTokenMs = 0,
  extraArgs: readonly string[] = [],
): Promise<OpenAiCompatibleProcess> {
  return startServerProcess('lambdas/testing/openai-compatible-server.ts', [
    '--port',
    '0',
    '--first-token-ms',
    String(firstTokenMs),
    ...extraArgs,
  ]);
}
