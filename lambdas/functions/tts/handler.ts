import { chargeTextCeiling } from '../../domain/daily-ceilings';
import { usageCallerOf } from '../../domain/usage-subject';
import { abortableBody } from '../../http/abortable-body';
import { streamReply } from '../../http/reply';
import { streamingRoute } from '../../http/route';
import { getSpeaker, getSpokenCharacters, textCeilingPorts } from '../../providers';
import { startSpeech } from './service';

export const speak = streamingRoute('tts.speak', async (request) => {
  const ceilingPorts = await textCeilingPorts(getSpokenCharacters);
  const caller = usageCallerOf(request.auth, request.sourceIp);
  // Cancelled when the client goes away (the body is torn down) or the function nears its timeout.
  const clientGone = new AbortController();
  const { contentType, audio } = await startSpeech(
    getSpeaker,
    {
      ...request.body,
      provider: request.pathParameters.provider,
      signal: AbortSignal.any([clientGone.signal, request.signal]),
    },
    (characters) => chargeTextCeiling(ceilingPorts, 'speechCharacters', caller, characters),
  );
  return streamReply(
    abortableBody(audio, () => clientGone.abort()),
    contentType,
    {
      headers: { 'cache-control': 'no-store' },
    },
  );
});
