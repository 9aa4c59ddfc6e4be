import { describe, expect, it } from 'vitest';
import { SPEECH_SOCKET_QUERY } from '@wayfarer/shared/constants';
import { checkListenQuery, ticketFrom } from './listen-request';

const appQuery = () => new URLSearchParams(SPEECH_SOCKET_QUERY);

describe('what the relay reads of a listen request', () => {
  it('takes the ticket from the token subprotocol, as browsers send it', () => {
    expect(ticketFrom({ 'sec-websocket-protocol': 'token, abc' })).toBe('abc');
  });

  it('takes the ticket from an Authorization header, as server-side clients send it', () => {
    expect(ticketFrom({ authorization: 'Token abc' })).toBe('abc');
  });

  it('has no ticket when neither carries one', () => {
    expect(ticketFrom({ 'sec-websocket-protocol': 'token' })).toBeUndefined();
  });

  it("passes on the app's query unchanged", () => {
    const checked = checkListenQuery(appQuery());
    expect(checked.ok && checked.query.toString()).toBe(appQuery().toString());
  });

  it('refuses an encoding other than linear16: only PCM16 is metered by its bytes', () => {
    const query = appQuery();
    query.set('encoding', 'opus');
    expect(checkListenQuery(query).ok).toBe(false);
  });

  it('refuses a sample rate other than 16 kHz', () => {
    const query = appQuery();
    query.set('sample_rate', '48000');
    expect(checkListenQuery(query).ok).toBe(false);
  });

  it('refuses more than one channel', () => {
    const query = appQuery();
    query.set('channels', '2');
    expect(checkListenQuery(query).ok).toBe(false);
  });

  it('refuses a parameter it does not pass on (a callback URL would reach Deepgram unmetered)', () => {
    const query = appQuery();
    query.set('callback', 'https://attacker.example/');
    expect(checkListenQuery(query)).toEqual({ ok: false, reason: 'BAD_REQUEST: callback is not supported' });
  });
});
