import { describe, expect, it } from 'vitest';
import { routes } from '@wayfarer/shared/api/routes';
import { MAX_IMAGE_BYTES } from '@wayfarer/shared/api/vision';
import { envSchema } from '@wayfarer/lambdas/config';
import {
  CEILING_HEADROOM,
  PEAK_REQUESTS_PER_SECOND,
  VIEWER_RATE_LIMITS,
} from '@wayfarer/shared/api/rate-limits';
import type { RateLimitClass } from '@wayfarer/shared/api/route-types';
import { rateLimitMessageKey } from '@wayfarer/shared/domain/error-mapping';
import {
  greaterThanPattern,
  ORIGIN_VERIFY_HEADER,
  pathPattern,
  VIEWER_IP_HEADER,
} from '../constructs/api-firewall';
import { LIMITS, WEB_ACL } from '../cost-model/cost-model';
import { resourcesOfType, synthWayfarer } from '../testing/synth-wayfarer';
import { API_STAGE_NAME } from './api-stack';

const { templates } = synthWayfarer();
const api = templates.api;

type Properties = Record<string, unknown>;
const methods = Object.values(resourcesOfType(api, 'AWS::ApiGateway::Method')).map((m) => m.Properties ?? {});
const resources = resourcesOfType(api, 'AWS::ApiGateway::Resource');
const functions = resourcesOfType(api, 'AWS::Lambda::Function');

/** The full path of an API Gateway resource, following ParentId up to the root. */
function resourcePath(logicalId: string): string {
  const properties = resources[logicalId]?.Properties ?? {};
  const parent = properties.ParentId as { Ref?: string } | undefined;
  const prefix = parent?.Ref ? resourcePath(parent.Ref) : '';
  return `${prefix}/${String(properties.PathPart)}`;
}

function methodFor(method: string, path: string): Properties | undefined {
  return methods.find(
    (candidate) =>
      candidate.HttpMethod === method && resourcePath((candidate.ResourceId as { Ref: string }).Ref) === path,
  );
}

/** The logical id of the Lambda an integration URI points at. */
function integratedFunction(method: Properties): string {
  const uri = JSON.stringify((method.Integration as Properties).Uri);
  const match = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(uri);
  return match?.[1] ?? '';
}

/** Every match statement of a set of WAF rules, nested ones included (And, Or, Not, a rate rule's scope-down). */
function statementsOf(rules: unknown): Properties[] {
  const found: Properties[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    const object = value as Properties;
    if ('FieldToMatch' in object) found.push(object);
    Object.values(object).forEach(walk);
  };
  walk(rules);
  return found;
}

/** WAF's text transformations the web ACL uses, as WAF documents them. */
function transformed(text: string, transformations: unknown): string {
  return ((transformations ?? []) as { Priority: number; Type: string }[])
    .sort((a, b) => a.Priority - b.Priority)
    .reduce((value, { Type }) => {
      if (Type === 'URL_DECODE')
        return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (Type === 'LOWERCASE') return value.toLowerCase();
      if (Type === 'NONE') return value;
      throw new Error(`transformation ${Type} not modelled`);
    }, text);
}

/** Whether a (method, path) request matches a WAF statement of the template: the statements the API's rules use. */
function wafMatches(statement: Properties, request: { method: string; path: string }): boolean {
  const nested = (key: string) => statement[key] as Properties;
  if (statement.AndStatement)
    return (nested('AndStatement').Statements as Properties[]).every((inner) => wafMatches(inner, request));
  if (statement.OrStatement)
    return (nested('OrStatement').Statements as Properties[]).some((inner) => wafMatches(inner, request));
  if (statement.NotStatement) return !wafMatches(nested('NotStatement').Statement as Properties, request);
  const match = (statement.ByteMatchStatement ?? statement.RegexMatchStatement) as Properties | undefined;
  if (!match) throw new Error(`statement not modelled: ${Object.keys(statement).join(', ')}`);
  const field = match.FieldToMatch as Properties;
  const text = transformed(
    field.Method ? request.method : field.UriPath ? request.path : '',
    match.TextTransformations,
  );
  if (statement.ByteMatchStatement)
    return match.PositionalConstraint === 'EXACTLY' && text === match.SearchString;
  return new RegExp(String(match.RegexString)).test(text);
}

describe('API stack', () => {
  it('has exactly one method per route of the shared table, no more', () => {
    expect(methods).toHaveLength(routes.length);
  });

  it.each(routes.map((route) => [route.id, route] as const))(
    '%s: a method on its path, proxied to a Lambda running its handler export, no API Gateway authorizer',
    (_id, route) => {
      const method = methodFor(route.method, route.path);
      expect(method, `${route.method} ${route.path}`).toBeDefined();
      const integration = method?.Integration as Properties;
      expect(integration.Type).toBe('AWS_PROXY');
      expect(method?.AuthorizationType).toBe('NONE');
      const fn = functions[integratedFunction(method ?? {})]?.Properties ?? {};
      expect(fn.Handler).toBe(`index.${route.handler.export}`);
      expect(fn.Runtime).toBe('nodejs22.x');
      expect(fn.Description).toBe(`Wayfarer ${route.id}`);
    },
  );

  it('gives every function that reads secrets the Parameters and Secrets extension, and no other function', () => {
    for (const fn of Object.values(functions)) {
      const variables = ((fn.Properties?.Environment as Properties | undefined)?.Variables ??
        {}) as Properties;
      // CDK picks the extension's ARN per region through a template mapping named after the layer.
      const layers = JSON.stringify(fn.Properties?.Layers ?? []);
      expect(/paramsandsecrets/i.test(layers)).toBe('SECRET_ARNS' in variables);
    }
  });

  it('sets only variables lambdas/config.ts parses (plus the secret ARNs), and never a secret value', () => {
    const known = new Set([...Object.keys(envSchema.shape), 'SECRET_ARNS', 'NODE_OPTIONS']);
    for (const fn of Object.values(functions)) {
      const variables = ((fn.Properties?.Environment as Properties | undefined)?.Variables ??
        {}) as Properties;
      // The Parameters and Secrets extension's own settings, which CDK sets with the layer.
      const extensionSettings = (name: string) =>
        /^(PARAMETERS_SECRETS_EXTENSION|SECRETS_MANAGER|SSM_PARAMETER_STORE)_/.test(name);
      expect(Object.keys(variables).filter((name) => !known.has(name) && !extensionSettings(name))).toEqual(
        [],
      );
      for (const secretName of [
        'DEEPGRAM_API_KEY',
        'OPENAI_API_KEY',
        'STRIPE_SECRET_KEY',
        'ADMIN_PASSWORD_HASH',
      ]) {
        expect(variables).not.toHaveProperty(secretName);
      }
      expect(variables).toHaveProperty('TABLE_NAME');
    }
  });

  it("lets the analysis functions read the rates and profiles and only UpdateItem their daily ceiling's counter, and gives the exchange-rate route to the rates area", () => {
    const policies = Object.values(resourcesOfType(api, 'AWS::IAM::Policy')).map(
      (policy) => policy.Properties ?? {},
    );
    const tableStatementsOf = (functionId: string) => {
      const role = ((functions[functionId]?.Properties?.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'] ??
        [])[0];
      return policies
        .filter((policy) => JSON.stringify(policy.Roles).includes(`"${role}"`))
        .flatMap((policy) => (policy.PolicyDocument as { Statement: Properties[] }).Statement)
        .filter((statement) => JSON.stringify(statement.Action).includes('dynamodb:'))
        .map((statement) => ({
          actions: [statement.Action as string | string[]].flat().sort(),
          partitions: JSON.stringify(statement.Condition).match(/[A-Z]+(#\*|\b)/g),
        }));
    };
    for (const path of ['emergency', 'locations', 'prices']) {
      const method = methodFor('POST', `/api/analysis/${path}`);
      expect(tableStatementsOf(integratedFunction(method ?? {})), path).toEqual([
        {
          actions: ['dynamodb:GetItem', 'dynamodb:Query'],
          partitions: expect.arrayContaining(['RATES', 'USER#*']),
        },
        { actions: ['dynamodb:UpdateItem'], partitions: ['ANALYSED#*'] },
      ]);
    }
    const rates = functions[integratedFunction(methodFor('GET', '/api/analysis/exchange-rates') ?? {})];
    expect(rates?.Properties?.Handler).toBe('index.exchangeRates');
    // The rates area's sizing (area-access.ts), not the analysis area's 1024 MB.
    expect(rates?.Properties?.MemorySize).toBe(256);
  });

  it("grants the translate and TTS functions profile reads, UpdateItem on their own daily ceiling's counter and the keys they need: least privilege", () => {
    const policies = Object.values(resourcesOfType(api, 'AWS::IAM::Policy')).map(
      (policy) => policy.Properties ?? {},
    );
    for (const [method, path, counter] of [
      ['POST', '/api/translate', 'TRANSLATED#*'],
      ['POST', '/api/tts/{provider}', 'SPOKEN#*'],
    ] as const) {
      const functionId = integratedFunction(methodFor(method, path) ?? {});
      const role = ((functions[functionId]?.Properties?.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'] ??
        [])[0];
      const statements = policies
        .filter((policy) => JSON.stringify(policy.Roles).includes(`"${role}"`))
        .flatMap((policy) => (policy.PolicyDocument as { Statement: Properties[] }).Statement);
      const tableStatements = statements
        .filter((statement) => JSON.stringify(statement.Action).includes('dynamodb:'))
        .map((statement) => ({
          actions: [statement.Action as string | string[]].flat().sort(),
          partitions: JSON.stringify(statement.Condition).match(/[A-Z]+#\*/g),
        }));
      expect(tableStatements, path).toEqual([
        { actions: ['dynamodb:GetItem', 'dynamodb:Query'], partitions: ['USER#*'] },
        { actions: ['dynamodb:UpdateItem'], partitions: [counter] },
      ]);
      const secretResources = JSON.stringify(
        statements.filter((statement) => JSON.stringify(statement.Action).includes('secretsmanager:')),
      );
      expect(secretResources, path).toMatch(/IpHash/i);
      expect(secretResources, path).toMatch(/ProviderKeys/);
      expect(secretResources, path).not.toMatch(/Stripe|Admin|Cognito/i);
    }
  });

  it('streams exactly the streaming routes (translate and TTS) through Lambda response streaming', () => {
    for (const route of routes) {
      const integration = methodFor(route.method, route.path)?.Integration as Properties;
      expect(integration.ResponseTransferMode, route.id).toBe(route.streaming ? 'STREAM' : 'BUFFERED');
      if (route.streaming)
        expect(JSON.stringify(integration.Uri)).toContain('/response-streaming-invocations');
    }
    const streamed = routes.filter((route) => route.streaming).map((route) => route.path);
    expect(streamed).toEqual(expect.arrayContaining(['/api/translate', '/api/tts/{provider}']));
  });

  it.each(['translate.stream', 'tts.speak', 'capabilities.list'])(
    '%s reads the provider keys secret (and the translate and TTS functions outlive API Gateway’s 29 s)',
    (routeId) => {
      const route = routes.find((candidate) => candidate.id === routeId)!;
      const fn = functions[integratedFunction(methodFor(route.method, route.path) ?? {})]?.Properties ?? {};
      const variables = (fn.Environment as Properties).Variables as Properties;
      expect(JSON.stringify(variables.SECRET_ARNS)).toMatch(/ProviderKeys/);
      if (route.streaming) expect(fn.Timeout).toBeGreaterThan(29);
    },
  );

  it('accepts multipart uploads as binary so the image reaches the Lambda intact', () => {
    expect(routes.some((route) => route.bodyKind === 'multipart')).toBe(true);
    api.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['multipart/form-data'] });
  });

  it('passes the Stripe webhook body untouched: a proxy integration with no request template', () => {
    const webhook = routes.find((route) => route.bodyKind === 'raw');
    const integration = methodFor(webhook?.method ?? '', webhook?.path ?? '')?.Integration as Properties;
    expect(integration.Type).toBe('AWS_PROXY');
    expect(integration.RequestTemplates).toBeUndefined();
    expect(integration.ContentHandling).toBeUndefined();
  });

  it('throttles the stage and writes JSON access logs without client IPs', () => {
    const stage = Object.values(resourcesOfType(api, 'AWS::ApiGateway::Stage'))[0]?.Properties ?? {};
    expect(stage.StageName).toBe(API_STAGE_NAME);
    const settings = stage.MethodSettings as Properties[];
    expect(settings).toContainEqual(
      expect.objectContaining({
        HttpMethod: '*',
        ResourcePath: '/*',
        ThrottlingRateLimit: expect.any(Number),
      }),
    );
    const expensive = routes.filter((route) => route.rateLimitClass === 'expensive');
    for (const route of expensive) {
      expect(settings).toContainEqual(
        expect.objectContaining({
          HttpMethod: route.method,
          ResourcePath: `/${route.path.replaceAll('/', '~1')}`,
        }),
      );
    }
    const format = (stage.AccessLogSetting as Properties).Format as string;
    // Status and latency are bare numbers, for the log metric filters (constructs/observability.ts).
    expect(JSON.parse(format.replaceAll(/\$context\.(status|responseLatency)/g, '0'))).toHaveProperty(
      'status',
    );
    expect(format).not.toContain('sourceIp');
  });

  it('enforces every route body limit in a WAF rule attached to the stage', () => {
    const acl = Object.values(resourcesOfType(api, 'AWS::WAFv2::WebACL'))[0]?.Properties ?? {};
    const rules = JSON.stringify(acl.Rules);
    for (const route of routes) {
      expect(rules, route.id).toContain(JSON.stringify(pathPattern(route.path, API_STAGE_NAME)).slice(1, -1));
      expect(rules, route.id).toContain(`body-over-${route.maxBodyBytes}-bytes`);
    }
    api.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
  });

  it('admits a phone photo on the photo route: its WAF rule blocks only a Content-Length over the upload limit', () => {
    const vision = routes.find((route) => route.id === 'vision.translateImage')!;
    const acl = Object.values(resourcesOfType(api, 'AWS::WAFv2::WebACL'))[0]?.Properties ?? {};
    const rule = (acl.Rules as Properties[]).find(
      (candidate) => candidate.Name === `body-over-${vision.maxBodyBytes}-bytes`,
    );
    const statements = ((rule?.Statement as Properties).AndStatement as { Statements: Properties[] })
      .Statements;
    const lengthRule = statements.find((statement) => 'RegexMatchStatement' in statement)
      ?.RegexMatchStatement as Properties;
    expect(lengthRule.FieldToMatch).toEqual({ SingleHeader: { Name: 'content-length' } });
    const tooLong = new RegExp(lengthRule.RegexString as string);
    // A 12 MP phone photo is 2-5 MB; MAX_IMAGE_BYTES plus the multipart envelope passes, a byte more does not.
    expect(tooLong.test(String(MAX_IMAGE_BYTES))).toBe(false);
    expect(tooLong.test(String(vision.maxBodyBytes))).toBe(false);
    expect(tooLong.test(String(vision.maxBodyBytes + 1))).toBe(true);
  });

  it('limits each viewer in every rate class with a WAF rate-based rule on the viewer address, scoped to the class’s routes, answering the class’s 429', () => {
    const acl = Object.values(resourcesOfType(api, 'AWS::WAFv2::WebACL'))[0]?.Properties ?? {};
    const bodies = acl.CustomResponseBodies as Record<string, { Content: string }>;
    const classes = [...new Set(routes.map((route) => route.rateLimitClass))];
    for (const rateLimitClass of classes) {
      const rule = (acl.Rules as Properties[]).find(
        (candidate) => candidate.Name === `${rateLimitClass}-per-viewer`,
      );
      const limit = VIEWER_RATE_LIMITS[rateLimitClass];
      expect(rule, rateLimitClass).toMatchObject({
        Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
        Statement: {
          RateBasedStatement: {
            Limit: limit.requests,
            EvaluationWindowSec: limit.windowSeconds,
            AggregateKeyType: 'CUSTOM_KEYS',
            CustomKeys: [
              { Header: { Name: VIEWER_IP_HEADER, TextTransformations: [{ Priority: 0, Type: 'NONE' }] } },
            ],
          },
        },
      });
      const scope = JSON.stringify((rule?.Statement as Properties).RateBasedStatement);
      for (const route of routes) {
        const pattern = JSON.stringify(pathPattern(route.path, API_STAGE_NAME)).slice(1, -1);
        const method = `"SearchString":"${route.method}"`;
        const inScope = scope.includes(pattern) && scope.includes(method);
        if (route.rateLimitClass === rateLimitClass)
          expect(inScope, `${rateLimitClass} ${route.id}`).toBe(true);
        else if (
          !routes.some((other) => other.path === route.path && other.rateLimitClass === rateLimitClass)
        )
          expect(scope.includes(pattern), `${rateLimitClass} ${route.id}`).toBe(false);
      }
      const bodyKey = (
        (rule?.Action as Properties).Block as { CustomResponse: { CustomResponseBodyKey: string } }
      ).CustomResponse.CustomResponseBodyKey;
      expect(JSON.parse(bodies[bodyKey]!.Content), rateLimitClass).toEqual({
        error: rateLimitMessageKey(rateLimitClass),
      });
    }
    expect(JSON.parse(bodies['rate-limited-expensive']!.Content)).toEqual({
      error: 'error_rate_limit_expensive',
    });
  });

  it('URL-decodes the path before every path match of the web ACL, so a percent-encoded path cannot slip past a rule', () => {
    const acl = Object.values(resourcesOfType(api, 'AWS::WAFv2::WebACL'))[0]?.Properties ?? {};
    const pathMatches = statementsOf(acl.Rules).filter(
      (statement) => (statement.FieldToMatch as Properties | undefined)?.UriPath !== undefined,
    );
    expect(pathMatches.length).toBeGreaterThanOrEqual(routes.length);
    for (const statement of pathMatches) {
      expect(statement.TextTransformations, JSON.stringify(statement)).toContainEqual({
        Priority: 0,
        Type: 'URL_DECODE',
      });
    }
    // Each route's path with one letter percent-encoded, as API Gateway may route it, falls in its class's rule.
    for (const route of routes) {
      const path = `/${API_STAGE_NAME}${route.path.replace(/\{[^}]+\}/g, 'openai')}`.replace(
        /^(\/[^/]+\/api\/)(.)/,
        (_, prefix: string, letter: string) => `${prefix}%${letter.charCodeAt(0).toString(16)}`,
      );
      expect(path, route.id).toMatch(/\/api\/%[0-9a-f]{2}/);
      const rule = (acl.Rules as Properties[]).find(
        (candidate) => candidate.Name === `${route.rateLimitClass}-per-viewer`,
      );
      const scope = ((rule?.Statement as Properties).RateBasedStatement as Properties).ScopeDownStatement;
      expect(wafMatches(scope as Properties, { method: route.method, path }), `${route.id} ${path}`).toBe(
        true,
      );
    }
  });

  it('keeps API Gateway throttles only as ceilings at least ten times real traffic, never below', () => {
    const stage = Object.values(resourcesOfType(api, 'AWS::ApiGateway::Stage'))[0]?.Properties ?? {};
    const settings = stage.MethodSettings as Properties[];
    const classes = Object.keys(PEAK_REQUESTS_PER_SECOND) as RateLimitClass[];
    const total = classes.reduce((sum, rateLimitClass) => sum + PEAK_REQUESTS_PER_SECOND[rateLimitClass], 0);
    const stageWide = settings.find((setting) => setting.ResourcePath === '/*');
    expect(stageWide?.ThrottlingRateLimit as number).toBeGreaterThanOrEqual(CEILING_HEADROOM * total);
    for (const route of routes) {
      const own = settings.find(
        (setting) =>
          setting.HttpMethod === route.method &&
          setting.ResourcePath === `/${route.path.replaceAll('/', '~1')}`,
      );
      const rate = (own ?? stageWide)?.ThrottlingRateLimit as number;
      const burst = (own ?? stageWide)?.ThrottlingBurstLimit as number;
      const floor = CEILING_HEADROOM * PEAK_REQUESTS_PER_SECOND[route.rateLimitClass];
      expect(rate, route.id).toBeGreaterThanOrEqual(floor);
      expect(burst, route.id).toBeGreaterThanOrEqual(rate);
    }
  });

  it('deploys the throttles and the web ACL the cost model (docs/OPERATIONS.md) computes with', () => {
    const stage = Object.values(resourcesOfType(api, 'AWS::ApiGateway::Stage'))[0]?.Properties ?? {};
    const settings = stage.MethodSettings as Properties[];
    const stageWide = settings.find((setting) => setting.ResourcePath === '/*');
    expect(stageWide?.ThrottlingRateLimit).toBe(LIMITS.stageRate.value);
    const expensive = routes.filter((route) => route.rateLimitClass === 'expensive');
    expect(expensive.length).toBeGreaterThan(0);
    for (const route of expensive) {
      const own = settings.find(
        (setting) =>
          setting.HttpMethod === route.method &&
          setting.ResourcePath === `/${route.path.replaceAll('/', '~1')}`,
      );
      expect(own?.ThrottlingRateLimit, route.id).toBe(LIMITS.expensiveRate.value);
    }
    const acl = Object.values(resourcesOfType(api, 'AWS::WAFv2::WebACL'))[0]?.Properties ?? {};
    const rules = acl.Rules as Properties[];
    expect(rules).toHaveLength(WEB_ACL.rules);
    const rateBased = rules.filter((rule) => (rule.Statement as Properties).RateBasedStatement !== undefined);
    expect(rateBased).toHaveLength(WEB_ACL.rateBasedRules);
  });

  it('refuses, before any other rule, every request without the origin-verify header CloudFront adds', () => {
    const acl = Object.values(resourcesOfType(api, 'AWS::WAFv2::WebACL'))[0]?.Properties ?? {};
    const [first] = acl.Rules as Properties[];
    expect(first).toMatchObject({
      Priority: 0,
      Action: { Block: { CustomResponse: { ResponseCode: 403 } } },
      Statement: {
        NotStatement: {
          Statement: {
            ByteMatchStatement: {
              FieldToMatch: { SingleHeader: { Name: ORIGIN_VERIFY_HEADER } },
              PositionalConstraint: 'EXACTLY',
            },
          },
        },
      },
    });
    // The value is the generated secret, resolved by CloudFormation at deploy time: never in the template.
    const value = JSON.stringify(first?.Statement);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toMatch(/OriginVerify/);
  });

  it('alarms on 5xx answers and on throttled route Lambdas', () => {
    const alarms = Object.values(resourcesOfType(api, 'AWS::CloudWatch::Alarm')).map(
      (a) => a.Properties ?? {},
    );
    // The 5xx alarm is a rate: metric math over 5XXError and Count.
    expect(alarms.some((alarm) => JSON.stringify(alarm.Metrics ?? []).includes('"5XXError"'))).toBe(true);
    expect(alarms.filter((alarm) => alarm.MetricName === 'Throttles')).toHaveLength(routes.length);
    for (const alarm of alarms) expect(alarm.AlarmActions).toBeDefined();
  });
});

describe('greaterThanPattern', () => {
  it.each([0, 9, 10, 8192, 65536, 5_308_416])('matches exactly the integers above %i', (limit) => {
    const pattern = new RegExp(greaterThanPattern(limit));
    for (const probe of [0, 1, limit - 1, limit, limit + 1, limit * 10, limit + 1000, 99_999_999]) {
      if (probe < 0) continue;
      expect(pattern.test(String(probe)), `${probe} > ${limit}`).toBe(probe > limit);
    }
    expect(pattern.test(`00${limit + 1}`)).toBe(true);
    expect(pattern.test('12a')).toBe(false);
  });
});
