import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { VIEWER_RATE_LIMITS } from '@wayfarer/shared/api/rate-limits';
import type { RateLimitClass, RouteDefinition } from '@wayfarer/shared/api/route-types';
import { HTTP_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { rateLimitMessageKey } from '@wayfarer/shared/domain/error-mapping';

/**
 * The API stage's regional web ACL does two things, before a Lambda is invoked (and billed):
 *
 * It lets in only requests that came through CloudFront. CloudFront adds a secret header to every request it
 * sends to the API origin; a request without it was sent to the execute-api endpoint directly, bypassing
 * the CDN's headers policy, and could forge X-Forwarded-For, whose last entry API Gateway reports as the
 * caller's address (CloudFront appends the viewer's, which a viewer cannot): per-IP allowances and attempt
 * limits would be bypassed.
 *
 * It enforces each route's `maxBodyBytes`: API Gateway REST has one fixed 10 MB payload limit, so the
 * limits are checked here; the Lambda checks again.
 * - Limits under the body inspection window: the body's size, where "larger than WAF can inspect" counts
 *   as too large.
 * - Larger limits (the image upload): the Content-Length header compared as a number by a regex, since WAF
 *   cannot see past its inspection window. A chunked upload without the header is left to the Lambda.
 */
export const BODY_INSPECTION_LIMIT_BYTES = 64 * 1024;
const BODY_INSPECTION_LIMIT = 'KB_64';

/** The message the Lambdas' PayloadTooLargeError carries, so the client sees one shape either way. */
const TOO_LARGE_BODY = JSON.stringify({ error: HTTP_ERROR_KEYS.payloadTooLarge });
const NOT_THROUGH_CLOUDFRONT = JSON.stringify({ error: 'Forbidden' });
/** The body the Lambdas' RateLimitedError(class) carries, so the client shows the class's 429 message. */
const rateLimitedBody = (rateLimitClass: RateLimitClass) =>
  JSON.stringify({ error: rateLimitMessageKey(rateLimitClass) });
const rateLimitedBodyKey = (rateLimitClass: RateLimitClass) => `rate-limited-${rateLimitClass}`;

/**
 * The viewer's group (an IPv4 address, an IPv6 /64: viewerGroup in shared/api/rate-limits.ts), set by the /api/*
 * CloudFront function over anything the client sent (viewer-group-function.ts). Here every request comes from a
 * CloudFront edge, and X-Forwarded-For's first entry, which WAF's forwarded-IP keys read, is the client's to
 * forge: this header is the one per-viewer key a viewer cannot choose.
 */
export const VIEWER_IP_HEADER = 'x-viewer-ip';

/** The header CloudFront adds to requests for the API origin, holding the origin-verify secret. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

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

/**
 * What every match on the URI path applies first: the path URL-decoded, so `/api/%74ts/...` is matched as the
 * `/api/tts/...` API Gateway may route it to (docs/DESIGN.md §9, "The web ACL matches what API Gateway routes").
 * Not LOWERCASE: REST API resource paths are case-sensitive, and each transformation costs 10 WCUs a statement.
 */
export const PATH_TRANSFORMATIONS: CfnWebACL.TextTransformationProperty[] = [
  { priority: 0, type: 'URL_DECODE' },
];

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
            textTransformations: PATH_TRANSFORMATIONS,
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

export interface ApiFirewallProps {
  readonly routes: readonly RouteDefinition[];
  readonly stageArn: string;
  readonly stageName: string;
  readonly name: string;
  /** The value CloudFront sends in ORIGIN_VERIFY_HEADER: a token resolving to the origin-verify secret. */
  readonly originVerifyValue: string;
}

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: false };
}

export type ApiFirewallRuleProps = Pick<ApiFirewallProps, 'routes' | 'stageName' | 'originVerifyValue'>;

/**
 * The web ACL's rules, in order: CloudFront only, then one rule per distinct body limit, then one per-viewer
 * limit per rate class (shared/api/rate-limits.ts). Without the CDK's constructs, so the cost model
 * (cost-model/waf-capacity.ts) counts and weighs the very rules the stack deploys.
 */
export function apiFirewallRules(props: ApiFirewallRuleProps): CfnWebACL.RuleProperty[] {
  const throughCloudFront: CfnWebACL.RuleProperty = {
    name: 'only-through-cloudfront',
    priority: 0,
    action: { block: { customResponse: { responseCode: 403, customResponseBodyKey: 'forbidden' } } },
    statement: {
      notStatement: {
        statement: {
          byteMatchStatement: {
            fieldToMatch: { singleHeader: { Name: ORIGIN_VERIFY_HEADER } },
            positionalConstraint: 'EXACTLY',
            searchString: props.originVerifyValue,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
      },
    },
    visibilityConfig: visibility('only-through-cloudfront'),
  };

  const byLimit = new Map<number, RouteDefinition[]>();
  for (const route of props.routes) {
    byLimit.set(route.maxBodyBytes, [...(byLimit.get(route.maxBodyBytes) ?? []), route]);
  }
  const sizeRules = [...byLimit.entries()]
    .sort(([a], [b]) => a - b)
    .map(([limit, routes], index): CfnWebACL.RuleProperty => {
      const name = `body-over-${limit}-bytes`;
      return {
        name,
        priority: index + 1,
        action: { block: { customResponse: { responseCode: 413, customResponseBodyKey: 'tooLarge' } } },
        statement: {
          andStatement: {
            statements: [anyOf(routes.map((route) => routeMatch(route, props.stageName))), tooLarge(limit)],
          },
        },
        visibilityConfig: visibility(name),
      };
    });

  // One rate-based rule per class (shared/api/rate-limits.ts), counting a viewer's requests to the class's
  // routes together, as the local gateway does (infra/local/viewer-limits.ts).
  const classes = [...new Set(props.routes.map((route) => route.rateLimitClass))];
  const perViewerRules = classes.map((rateLimitClass, index): CfnWebACL.RuleProperty => {
    const limit = VIEWER_RATE_LIMITS[rateLimitClass];
    const classRoutes = props.routes.filter((route) => route.rateLimitClass === rateLimitClass);
    const name = `${rateLimitClass}-per-viewer`;
    return {
      name,
      priority: sizeRules.length + 1 + index,
      action: {
        block: {
          customResponse: { responseCode: 429, customResponseBodyKey: rateLimitedBodyKey(rateLimitClass) },
        },
      },
      statement: {
        rateBasedStatement: {
          limit: limit.requests,
          evaluationWindowSec: limit.windowSeconds,
          aggregateKeyType: 'CUSTOM_KEYS',
          customKeys: [
            { header: { name: VIEWER_IP_HEADER, textTransformations: [{ priority: 0, type: 'NONE' }] } },
          ],
          scopeDownStatement: anyOf(classRoutes.map((route) => routeMatch(route, props.stageName))),
        },
      },
      visibilityConfig: visibility(name),
    };
  });

  return [throughCloudFront, ...sizeRules, ...perViewerRules];
}

/**
 * The regional web ACL on the API stage: CloudFront only, then one rule per distinct body limit, then one
 * per-viewer limit per rate class (shared/api/rate-limits.ts).
 */
export class ApiFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiFirewallProps) {
    super(scope, id);
    const classes = [...new Set(props.routes.map((route) => route.rateLimitClass))];
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: props.name,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      rules: apiFirewallRules(props),
      customResponseBodies: {
        ...Object.fromEntries(
          classes.map((rateLimitClass) => [
            rateLimitedBodyKey(rateLimitClass),
            { contentType: 'APPLICATION_JSON', content: rateLimitedBody(rateLimitClass) },
          ]),
        ),
        tooLarge: { contentType: 'APPLICATION_JSON', content: TOO_LARGE_BODY },
        forbidden: { contentType: 'APPLICATION_JSON', content: NOT_THROUGH_CLOUDFRONT },
      },
      associationConfig: {
        requestBody: { API_GATEWAY: { defaultSizeInspectionLimit: BODY_INSPECTION_LIMIT } },
      },
      visibilityConfig: visibility(props.name),
    });
    new CfnWebACLAssociation(this, 'StageAssociation', {
      resourceArn: props.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
