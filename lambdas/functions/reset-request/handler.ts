import { createAttemptCounters } from '../../adapters/aws/auth-store';
import { eventPublisher } from '../../adapters/aws/event-publisher';
import { table } from '../../adapters/aws/table';
import { config } from '../../config';
import { httpRoute } from '../../http/route';
import { createResetRequestService } from './service';

// Its own area, apart from auth, so that neither bundle carries both the Cognito and the EventBridge
// clients (the 400 KB budget, infra/aws/lambda-bundles.test.ts). Built once per container.
const service = createResetRequestService({
  attempts: createAttemptCounters(table),
  events: eventPublisher,
  clock: { now: () => new Date() },
  counterSecret: config.IP_HASH_SECRET,
});

export const forgotPassword = httpRoute('auth.forgotPassword', (request) =>
  service.forgotPassword(request.body, { ip: request.sourceIp }),
);
