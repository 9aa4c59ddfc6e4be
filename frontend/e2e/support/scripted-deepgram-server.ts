import { startServerProcess, type ServerProcess } from './server-process';

/** One phrase the scripted socket replays (lambdas/testing/scripted-deepgram-server.ts ScriptedPhrase). */
export interface ScriptedPhrase {
  readonly text: string;
  readonly language?: string;
  readonly afterAudioSeconds: number;
}

/** The key the scripted server takes: the local cloud's DEEPGRAM_API_KEY, which only its speech relay sends. */
export const SCRIPTED_DEEPGRAM_KEY = 'dg-scripted';

/**
 * The Deepgram-style live socket of lambdas/testing at `${url}/v1/listen` as ws:// (DEEPGRAM_LISTEN_URL), replaying
 * `script`, for SCRIPTED_DEEPGRAM_KEY only.
 */
export function startScriptedDeepgramServer(script: readonly ScriptedPhrase[]): Promise<ServerProcess> {
  return startServerProcess('lambdas/testing/scripted-deepgram-server.ts', [
    '--port',
    '0',
    '--key',
    SCRIPTED_DEEPGRAM_KEY,
    '--script',
    JSON.stringify(script),
  ]);
}
