import { getConfig } from '../../config';
import { usageCallerOf } from '../../domain/usage-subject';
import { AllowanceSpentError, RateLimitedError } from '../../http/errors';
import { httpRoute } from '../../http/route';
import { getLeases, getSpeechTickets, getUserProfiles, perContainer, systemClock } from '../../providers';
import { issueSpeechTicket, type SpeechTicketPolicy, type SpeechTicketPorts } from './service';

const wiring = perContainer(async () => {
  const [config, leases, tickets, users] = await Promise.all([
    getConfig(),
    getLeases(),
    getSpeechTickets(),
    getUserProfiles(),
  ]);
  const ports: SpeechTicketPorts = { leases, tickets, users, clock: systemClock };
  const policy: SpeechTicketPolicy = {
    allowances: { anonymousSeconds: config.ANON_DAILY_SECONDS, userSeconds: config.USER_DAILY_SECONDS },
    ipHashSecret: config.IP_HASH_SECRET,
  };
  return { ports, policy };
});

export const ticket = httpRoute('speech.ticket', async (request) => {
  const { ports, policy } = await wiring();
  const outcome = await issueSpeechTicket(
    ports,
    policy,
    usageCallerOf(request.auth, request.sourceIp),
    request.sourceIp,
  );
  // The spent allowance has its own message (the limit dialog); tickets taken too fast the general one, so the
  // traveller is told to try again in a moment rather than that today's time is used up (docs/SPEC.md §4).
  if (outcome.kind === 'spent') throw new AllowanceSpentError();
  if (outcome.kind === 'too_many') throw new RateLimitedError('default');
  return outcome.response;
});
