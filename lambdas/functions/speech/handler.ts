import { randomUUID } from 'node:crypto';
import { getConfig } from '../../config';
import { usageCallerOf } from '../../domain/usage-subject';
import { RateLimitedError } from '../../http/errors';
import { httpRoute } from '../../http/route';
import { logger } from '../../logger';
import {
  getEvents,
  getLeases,
  getSpeechKeys,
  getUserProfiles,
  perContainer,
  systemClock,
} from '../../providers';
import { issueSpeechKey, type SpeechKeyPolicy, type SpeechKeyPorts } from './service';

const wiring = perContainer(async () => {
  const [config, leases, users, keys, events] = await Promise.all([
    getConfig(),
    getLeases(),
    getUserProfiles(),
    getSpeechKeys(),
    getEvents(),
  ]);
  const ports: SpeechKeyPorts = { leases, users, keys, events, clock: systemClock, newId: randomUUID, logger };
  const policy: SpeechKeyPolicy = {
    allowances: { anonymousSeconds: config.ANON_DAILY_SECONDS, userSeconds: config.USER_DAILY_SECONDS },
    ipHashSecret: config.IP_HASH_SECRET,
  };
  return { ports, policy };
});

export const key = httpRoute('speech.key', async (request) => {
  const { ports, policy } = await wiring();
  const outcome = await issueSpeechKey(
    ports,
    policy,
    usageCallerOf(request.auth, request.sourceIp),
    request.headers['host'],
  );
  // The spent allowance has its own message (the limit dialog); keys taken too fast the general one, so the
  // traveller is told to try again in a moment rather than that today's time is used up (docs/SPEC.md §4).
  if (outcome.kind === 'spent') throw new RateLimitedError('speech-key');
  if (outcome.kind === 'too_many') throw new RateLimitedError('default');
  return outcome.response;
});
