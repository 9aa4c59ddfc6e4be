import { WebSocketServer } from 'ws';
import { SPEECH_SOCKET_QUERY } from '@wayfarer/shared/constants';
import { startTestServer } from '@wayfarer/lambdas/testing/test-server';
import { createEmbeddedRecognizer } from '@wayfarer/engines/speech/recognizer';
import type { SpeechEngine } from '@wayfarer/engines/speech/speech-engine';

/**
 * The embedded recogniser on a free port, speaking Deepgram's live protocol as the relay passes it on, without the
 * relay's tickets and metering (the benches that use it measure the engine; `speech-capacity` and `voice-loop` go
 * through the whole relay of a local cloud).
 */
export async function startBenchSpeechSocket(engine: SpeechEngine): Promise<{
  /** `/v1/listen` with the app's query (SPEECH_SOCKET_QUERY). */
  readonly url: string;
  close(): Promise<void>;
}> {
  const recognizer = createEmbeddedRecognizer({ engine });
  const sockets = new WebSocketServer({ noServer: true });
  sockets.on('connection', (ws, request) => {
    const query = new URL(request.url ?? '/', 'http://bench').searchParams;
    const stream = recognizer.open(query, {
      message: (text) => ws.send(text),
      closed: (code, reason) => ws.close(code, reason),
    });
    ws.on('message', (data, isBinary) => {
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      if (isBinary) stream.audio(bytes);
      else stream.control(bytes.toString('utf8'));
    });
    ws.on('close', () => stream.abort());
  });
  const server = await startTestServer({
    onUpgrade: (request, stream, head) =>
      sockets.handleUpgrade(request, stream, head, (ws) => sockets.emit('connection', ws, request)),
  });
  return {
    url: `ws://127.0.0.1:${server.port}/v1/listen?${new URLSearchParams(SPEECH_SOCKET_QUERY)}`,
    async close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await server.close();
    },
  };
}
