import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { z } from 'zod';
import { BadRequestError, NotFoundError, ValidationError } from './errors';
import { requireRequestState } from './request-state';

/** A short message naming the field: `email: Invalid email address`. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

function validated(schema: z.ZodType | undefined, value: unknown, status: 400 | 422 = 422): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = describeIssue(result.error);
  throw status === 400 ? new BadRequestError(message) : new ValidationError(message);
}

/**
 * Checks path parameters, query and (JSON) body against the route's zod schemas: a well-formed request that
 * breaks a rule is a 422, and a path parameter naming nothing that exists is a 404. Multipart fields are the vision handler's to parse and check.
 */
export function validateRequest(): MiddlewareObj<APIGatewayProxyEvent> {
  return {
    before: (request) => {
      const state = requireRequestState(request.event);
      const schemas = state.route.request;
      // A path names a resource: one that does not exist (an unknown TTS provider) is a 404, not a 422.
      if (schemas.pathParameters && !schemas.pathParameters.safeParse(state.pathParameters).success) {
        throw new NotFoundError();
      }
      state.pathParameters = validated(schemas.pathParameters, state.pathParameters);
      const status = state.route.invalidRequestStatus;
      state.query = validated(schemas.query, state.query, status);
      if (state.route.bodyKind === 'json') state.body = validated(schemas.body, state.body, status);
    },
  };
}
