import { randomUUID } from 'node:crypto';
import { createUserProfiles } from '../../adapters/aws/auth-store';
import { eventPublisher } from '../../adapters/aws/event-publisher';
import { createLeaseStore } from '../../adapters/aws/lease-store';
import { table } from '../../adapters/aws/table';
import { createDeepgramKeys } from '../../adapters/cloud/deepgram-keys';
import { createLocalSpeechKeys, localSpeechKeySecret } from '../../adapters/local/speech-keys';
import { config } from '../../config';
import { RateLimitedError } from '../../http/errors';
import { httpRoute } from '../../http/route';
import { logger } from '../../logger';
import type { SpeechKeys } from '../../ports';
import { usageCallerOf } from '../usage/usage-subject';
import { issueSpeechKey, type SpeechKeyPolicy } from './service';

function chooseSpeechKeys(): SpeechKeys {
  if (config.engines.stt === 'cloud') {
    const apiKey = config.DEEPGRAM_API_KEY;
    if (apiKey === undefined) {
      return { issue: () => Promise.reject(new Error('STT_ENGINE=cloud needs DEEPGRAM_API_KEY')) };
    }
    return createDeepgramKeys({ apiKey });
  }
  const ipHashSecret = config.IP_HASH_SECRET;
  if (ipHashSecret === undefined) {
    return { issue: () => Promise.reject(new Error('The embedded speech socket needs IP_HASH_SECRET')) };
  }
  return createLocalSpeechKeys({ secret: localSpeechKeySecret(ipHashSecret), appUrl: config.APP_URL });
}

const ports = {
  leases: createLeaseStore(table),
  users: createUserProfiles(table),
  keys: chooseSpeechKeys(),
  events: eventPublisher,
  clock: { now: () => new Date() },
  newId: randomUUID,
  logger,
};

const policy: SpeechKeyPolicy = {
  allowances: { anonymousSeconds: config.ANON_DAILY_SECONDS, userSeconds: config.USER_DAILY_SECONDS },
  ipHashSecret: config.IP_HASH_SECRET,
};

export const key = httpRoute('speech.key', async (request) => {
  const outcome = await issueSpeechKey(
    ports,
    policy,
    usageCallerOf(request.auth, request.sourceIp),
    request.headers['host'],
  );
  if (outcome.kind === 'spent') throw new RateLimitedError('speech-key');
  return outcome.response;
});
