import { startServerProcess, type ServerProcess } from './server-process';

/** One phrase the scripted socket replays (lambdas/testing/scripted-deepgram-server.ts ScriptedPhrase). */
export interface ScriptedPhrase {
  readonly text: string;
  readonly language?: string;
  readonly afterAudioSeconds: number;
}

/**
 * The Deepgram-style server of lambdas/testing: key API at `url` (DEEPGRAM_API_URL), live socket at
 * `${url}/v1/listen` as ws:// (DEEPGRAM_LISTEN_URL), replaying `script`.
 */
export function startScriptedDeepgramServer(script: readonly ScriptedPhrase[]): Promise<ServerProcess> {
  return startServerProcess('lambdas/testing/scripted-deepgram-server.ts', [
    '--port',
    '0',
    '--script',
    JSON.stringify(script),
  ]);
}
