import { abortableBody } from '../../http/abortable-body';
import { streamReply } from '../../http/reply';
import { streamingRoute } from '../../http/route';
import { getSpeaker } from '../../providers';
import { startSpeech } from './service';

export const speak = streamingRoute('tts.speak', async (request) => {
  // Cancelled when the client goes away (the body is torn down) or the function nears its timeout.
  const clientGone = new AbortController();
  const { contentType, audio } = await startSpeech(getSpeaker, {
    ...request.body,
    provider: request.pathParameters.provider,
    signal: AbortSignal.any([clientGone.signal, request.signal]),
  });
  return streamReply(
    abortableBody(audio, () => clientGone.abort()),
    contentType,
    {
      headers: { 'cache-control': 'no-store' },
    },
  );
});
