import { SPEECH_SOCKET_QUERY } from '@wayfarer/shared/constants';
import { startTestServer } from '@wayfarer/lambdas/testing/test-server';
import { createSpeechSocket } from '@wayfarer/engines/speech/socket';
import type { SpeechEngine } from '@wayfarer/engines/speech/speech-engine';

/** The local speech socket over `engine` on a free port, as the app talks to it (key "bench"). */
export async function startBenchSpeechSocket(engine: SpeechEngine): Promise<{
  /** `/v1/listen` with the app's query (SPEECH_SOCKET_QUERY). */
  readonly url: string;
  close(): Promise<void>;
}> {
  const socket = createSpeechSocket({ verifyKey: async (key) => key === 'bench', engine });
  const server = await startTestServer({
    onUpgrade: (request, stream, head) => {
      if (!socket.handleUpgrade(request, stream, head)) stream.destroy();
    },
  });
  return {
    url: `ws://127.0.0.1:${server.port}/v1/listen?${new URLSearchParams(SPEECH_SOCKET_QUERY)}`,
    async close() {
      await socket.close();
      await server.close();
    },
  };
}
