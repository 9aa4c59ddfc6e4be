import { chargeTextCeiling } from '../../domain/daily-ceilings';
import { usageCallerOf } from '../../domain/usage-subject';
import { abortableBody } from '../../http/abortable-body';
import { streamReply } from '../../http/reply';
import { streamingRoute } from '../../http/route';
import { logger } from '../../logger';
import { getTranslatedCharacters, getTranslator, textCeilingPorts } from '../../providers';
import { startTranslation } from './service';

export const stream = streamingRoute('translate.stream', async (request) => {
  const [translator, ceilingPorts] = await Promise.all([
    getTranslator(),
    textCeilingPorts(getTranslatedCharacters),
  ]);
  const caller = usageCallerOf(request.auth, request.sourceIp);
  // Cancelled when the client goes away (the body is torn down) or the function nears its timeout.
  const clientGone = new AbortController();
  const lines = await startTranslation(
    {
      translator,
      logger,
      charge: (characters) => chargeTextCeiling(ceilingPorts, 'translateCharacters', caller, characters),
    },
    {
      text: request.body.messages.map((message) => message.content).join('\n'),
      outputLanguage: request.body.outputLanguage,
      signal: AbortSignal.any([clientGone.signal, request.signal]),
    },
  );
  return streamReply(
    abortableBody(lines, () => clientGone.abort()),
    'text/plain; charset=utf-8',
    {
      headers: { 'cache-control': 'no-store' },
    },
  );
});
