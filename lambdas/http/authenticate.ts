import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { AdminSessionVerifier, TokenVerifier } from '../ports/identity';
import { ADMIN_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { NotFoundError, UnauthorizedError } from './errors';
import { requireRequestState, type Caller } from './request-state';

export interface AuthenticationPorts {
  readonly tokens: TokenVerifier;
  readonly adminSessions: AdminSessionVerifier;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer <token>` header; null when the header is absent. */
export function bearerTokenOf(authorization: string | undefined): string | null | 'malformed' {
  if (authorization === undefined || authorization.trim() === '') return null;
  return BEARER.exec(authorization)?.[1] ?? 'malformed';
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator <= 0) continue;
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

async function callerFor(
  mode: 'optional' | 'required',
  authorization: string | undefined,
  tokens: TokenVerifier,
): Promise<Caller> {
  const token = bearerTokenOf(authorization);
  if (token === null) {
    if (mode === 'required') throw new UnauthorizedError();
    return { kind: 'anonymous' };
  }
  // A token that is sent must be good even where anonymous calls are allowed: silently downgrading a
  // signed-in user to anonymous would charge the wrong allowance and hide an expired session.
  if (token === 'malformed') throw new UnauthorizedError();
  const identity = await tokens.verifyAccessToken(token);
  if (!identity) throw new UnauthorizedError();
  return { kind: 'user', token, ...identity };
}

/**
 * The auth slot: `none` reads nothing; `optional` and `required` read the bearer token through the
 * TokenVerifier port (missing on optional -> anonymous; missing on required or invalid anywhere -> 401);
 * `admin-cookie` asks the AdminSessionVerifier about the request's cookies (no admin configured -> 404).
 */
export function authenticate(ports: AuthenticationPorts): MiddlewareObj<APIGatewayProxyEvent> {
  return {
    before: async (request) => {
      const state = requireRequestState(request.event);
      switch (state.route.auth) {
        case 'none':
          return;
        case 'optional':
        case 'required':
          state.caller = await callerFor(state.route.auth, state.headers['authorization'], ports.tokens);
          return;
        case 'admin-cookie': {
          const check = await ports.adminSessions.checkAdminSession(parseCookies(state.headers['cookie']));
          if (check === 'disabled') throw new NotFoundError(ADMIN_ERROR_KEYS.analyticsUnavailable);
          if (check !== 'valid') throw new UnauthorizedError();
          state.caller = { kind: 'admin' };
          return;
        }
      }
    },
  };
}
