import { createHash } from 'node:crypto';
import type { SpeechSockets, SpeechTicketGrant, SpeechTickets } from '../../ports/speech';
import { epochSeconds, expiresAtAfter, speechSocketKey, speechTicketKey, type Table } from './table';
import { tableDefinition } from './table-definition';

const TTL = tableDefinition.timeToLiveAttribute;

/** A socket's place outlives any session the relay allows (RELAY_LIMITS.maxSessionSeconds) by a margin. */
const SOCKET_PLACE_SECONDS = 2 * 60 * 60;

const ROLES = ['anonymous', 'user', 'subscriber'] as const;

/** The table never holds a ticket, only its hash: a table read cannot open a socket. */
const ticketHash = (ticket: string): string => createHash('sha256').update(ticket).digest('hex');

/** Speech relay tickets: `TICKET#<sha256>` / `TICKET`, taken (deleted) by the socket they open. */
export function createSpeechTicketStore(table: Table): SpeechTickets {
  return {
    async issue(ticket, grant, expiresAt) {
      await table.put({
        ...speechTicketKey(ticketHash(ticket)),
        subject: grant.subject,
        role: grant.role,
        viewer: grant.viewer,
        [TTL]: epochSeconds(expiresAt),
      });
    },
    async take(ticket, now) {
      const item = await table.takeLive(speechTicketKey(ticketHash(ticket)), now);
      if (!item) return undefined;
      const { subject, role, viewer } = item;
      const knownRole = ROLES.find((known) => known === role);
      if (typeof subject !== 'string' || typeof viewer !== 'string' || !knownRole) return undefined;
      return { subject, role: knownRole, viewer } satisfies SpeechTicketGrant;
    },
  };
}

/** The caller's one relay socket: `SPEECH#<subject>` / `SOCKET`, holding the newest session's id. */
export function createSpeechSocketStore(table: Table): SpeechSockets {
  return {
    async claim(subject, sessionId, now) {
      await table.put({
        ...speechSocketKey(subject),
        sessionId,
        [TTL]: expiresAtAfter(SOCKET_PLACE_SECONDS, now),
      });
    },
    async holder(subject) {
      const item = await table.get(speechSocketKey(subject), { consistent: true });
      return typeof item?.['sessionId'] === 'string' ? item['sessionId'] : undefined;
    },
  };
}
