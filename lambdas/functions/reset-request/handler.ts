import { getConfig } from '../../config';
import { httpRoute } from '../../http/route';
import { getAttemptCounters, getEvents, perContainer, systemClock } from '../../providers';
import { createResetRequestService } from './service';

// Its own area, apart from auth, so that neither bundle carries both the Cognito and the EventBridge
// clients (the 400 KB budget, infra/aws/lambda-bundles.test.ts). Built on the first call of a container.
const service = perContainer(async () => {
  const [config, attempts, events] = await Promise.all([getConfig(), getAttemptCounters(), getEvents()]);
  return createResetRequestService({
    attempts,
    events,
    clock: systemClock,
    counterSecret: config.IP_HASH_SECRET,
  });
});

export const forgotPassword = httpRoute('auth.forgotPassword', async (request) =>
  (await service()).forgotPassword(request.body, { ip: request.sourceIp }),
);
export const verificationMail = httpRoute('auth.verificationMail', async (request) =>
  (await service()).verificationMail(request.body, { ip: request.sourceIp }),
);
