import type { APIGatewayProxyResult } from 'aws-lambda';
import { createLogger } from '../../logger';
import { createHttpRoutes } from '../route-factory';
import { makeApiEvent, makeLambdaContext } from './make-api-event';

/** One line the logger wrote, parsed. */
export interface LoggedLine {
  readonly level: string;
  readonly message: string;
  readonly errorReason?: string;
}

/**
 * A real route (GET /api/health through the route factory and its error handler) whose handler throws `error`:
 * what the caller gets, and every line logged on the way.
 */
export async function routeFailingWith(
  error: unknown,
): Promise<{ readonly result: APIGatewayProxyResult; readonly lines: readonly LoggedLine[] }> {
  const lines: LoggedLine[] = [];
  const logger = createLogger({ level: 'debug', sink: (line) => lines.push(JSON.parse(line) as LoggedLine) });
  const { httpRoute } = createHttpRoutes({
    tokens: { verifyAccessToken: async () => undefined },
    adminSessions: { checkAdminSession: async () => 'invalid' },
    logger,
  });
  const handler = httpRoute('health.check', () => {
    throw error;
  });
  const result = (await handler(
    makeApiEvent({ method: 'GET', path: '/api/health' }),
    makeLambdaContext(),
  )) as APIGatewayProxyResult;
  return { result, lines };
}
