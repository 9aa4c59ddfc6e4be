import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { RouteDefinition } from '@wayfarer/shared/api/route-types';

/**
 * API Gateway REST has one fixed 10 MB payload limit, so each route's `maxBodyBytes` is enforced at the
 * edge of the stage by AWS WAF, before a Lambda is invoked (and billed); the Lambda checks again.
 * - Limits under the body inspection window: the body's size, where "larger than WAF can inspect" counts
 *   as too large.
 * - Larger limits (the image upload): the Content-Length header compared as a number by a regex, since WAF
 *   cannot see past its inspection window. A chunked upload without the header is left to the Lambda.
 */
export const BODY_INSPECTION_LIMIT_BYTES = 64 * 1024;
const BODY_INSPECTION_LIMIT = 'KB_64';

/** The message the Lambdas' PayloadTooLargeError carries, so the client sees one shape either way. */
const TOO_LARGE_BODY = JSON.stringify({ error: 'Request body is too large' });

/** A regex (WAF's dialect: no lookarounds) matching decimal integers strictly greater than `limit`. */
export function greaterThanPattern(limit: number): string {
  const digits = String(limit);
  const alternatives = [`[1-9]\\d{${digits.length},}`];
  for (let position = 0; position < digits.length; position++) {
    const digit = Number(digits[position]);
    if (digit === 9) continue;
    const rest = digits.length - position - 1;
    const higher = digit === 8 ? '9' : `[${digit + 1}-9]`;
    alternatives.push(`${digits.slice(0, position)}${higher}${rest > 0 ? `\\d{${rest}}` : ''}`);
  }
  return `^0*(${alternatives.join('|')})$`;
}

/** The request path WAF sees, with or without the stage prefix, as an anchored regex. */
export function pathPattern(path: string, stageName: string): string {
  const segments = path
    .split('/')
    .map((segment) =>
      /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\-]/g, '\\$&'),
    );
  return `^(/${stageName})?${segments.join('/')}/?$`;
}

type Statement = CfnWebACL.StatementProperty;

function anyOf(statements: Statement[]): Statement {
  if (statements.length === 1 && statements[0]) return statements[0];
  return { orStatement: { statements } };
}

function routeMatch(route: RouteDefinition, stageName: string): Statement {
  return {
    andStatement: {
      statements: [
        {
          byteMatchStatement: {
            fieldToMatch: { method: {} },
            positionalConstraint: 'EXACTLY',
            searchString: route.method,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
        {
          regexMatchStatement: {
            fieldToMatch: { uriPath: {} },
            regexString: pathPattern(route.path, stageName),
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
      ],
    },
  };
}

function tooLarge(limit: number): Statement {
  if (limit <= BODY_INSPECTION_LIMIT_BYTES) {
    return {
      sizeConstraintStatement: {
        fieldToMatch: { body: { oversizeHandling: 'MATCH' } },
        comparisonOperator: 'GT',
        size: limit,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
  }
  return {
    regexMatchStatement: {
      fieldToMatch: { singleHeader: { Name: 'content-length' } },
      regexString: greaterThanPattern(limit),
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

export interface RequestSizeLimitsProps {
  readonly routes: readonly RouteDefinition[];
  readonly stageArn: string;
  readonly stageName: string;
  readonly name: string;
}

/** A regional web ACL on the API stage: one blocking rule per distinct body limit of the route table. */
export class RequestSizeLimits extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: RequestSizeLimitsProps) {
    super(scope, id);
    const byLimit = new Map<number, RouteDefinition[]>();
    for (const route of props.routes) {
      byLimit.set(route.maxBodyBytes, [...(byLimit.get(route.maxBodyBytes) ?? []), route]);
    }
    const rules = [...byLimit.entries()]
      .sort(([a], [b]) => a - b)
      .map(([limit, routes], index): CfnWebACL.RuleProperty => {
        const name = `body-over-${limit}-bytes`;
        return {
          name,
          priority: index,
          action: { block: { customResponse: { responseCode: 413, customResponseBodyKey: 'tooLarge' } } },
          statement: {
            andStatement: {
              statements: [anyOf(routes.map((route) => routeMatch(route, props.stageName))), tooLarge(limit)],
            },
          },
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            metricName: name,
            sampledRequestsEnabled: false,
          },
        };
      });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: props.name,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      rules,
      customResponseBodies: { tooLarge: { contentType: 'APPLICATION_JSON', content: TOO_LARGE_BODY } },
      associationConfig: {
        requestBody: { API_GATEWAY: { defaultSizeInspectionLimit: BODY_INSPECTION_LIMIT } },
      },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: props.name,
        sampledRequestsEnabled: false,
      },
    });
    new CfnWebACLAssociation(this, 'StageAssociation', {
      resourceArn: props.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
