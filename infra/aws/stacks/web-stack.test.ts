import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import * as viewerHeaders from '@wayfarer/shared/api/viewer-headers';
import { LISTEN_PATH } from '@wayfarer/shared/api/speech-protocol';
import { ADMIN_SESSION_COOKIE } from '@wayfarer/lambdas/domain/admin-session';
import { SECURITY_HEADERS } from '@wayfarer/lambdas/http/security-headers';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../constructs/api-firewall';
import { repositoryRoot } from '../lambda-bundling';
import { contentSecurityPolicy, inlineScriptHashes } from '../constructs/security-headers';
import { resourcesOfType, synthWayfarer } from '../testing/synth-wayfarer';
import { edgeViewerKey } from '../testing/edge-function';
import { VIEWER_GROUP_FUNCTION_SOURCE } from '../viewer-group-function';
import { viewerGroup } from '@wayfarer/shared/api/rate-limits';
import { COMPRESSED_CONTENT_TYPES, MIN_COMPRESSED_BYTES } from '../../local/static-site';

const { templates } = synthWayfarer({ context: { stage: 'web', cspConnectSources: 'https://ipapi.co' } });
const web = templates.web;

type Properties = Record<string, unknown>;
const distribution = (Object.values(resourcesOfType(web, 'AWS::CloudFront::Distribution'))[0]?.Properties
  ?.DistributionConfig ?? {}) as Properties;
const behaviours = (distribution.CacheBehaviors ?? []) as Properties[];
const apiBehaviour = behaviours.find((behaviour) => behaviour.PathPattern === '/api/*');
// The API's origin request policy (the relay's is relay-stack.test.ts's).
const originRequestPolicyId = Object.entries(resourcesOfType(web, 'AWS::CloudFront::OriginRequestPolicy')).find(
  ([id]) => id.startsWith('ApiOriginRequest'),
);
const originRequest = (originRequestPolicyId?.[1].Properties?.OriginRequestPolicyConfig ?? {}) as Properties;
const [cachePolicyId] = Object.entries(resourcesOfType(web, 'AWS::CloudFront::CachePolicy'));
const apiCache = (cachePolicyId?.[1].Properties?.CachePolicyConfig ?? {}) as Properties;
const cacheKey = (apiCache.ParametersInCacheKeyAndForwardedToOrigin ?? {}) as Record<string, Properties>;
const lower = (names: unknown) => ((names ?? []) as string[]).map((name) => name.toLowerCase());
const originHeaders = lower((originRequest.HeadersConfig as Properties | undefined)?.Headers);
const cacheKeyHeaders = lower(cacheKey.HeadersConfig?.Headers);

/*
 * Headers that reach the API without either policy: Host and X-Forwarded-Proto are API Gateway's own (its
 * endpoint's name, https), Content-Length travels with every body. A header listed here needs a reason.
 */
const SET_WITHOUT_A_POLICY = new Set(['host', 'x-forwarded-proto', 'content-length']);

/** Request headers the Lambdas read by name: `headers['name']` or `headers[CONSTANT]`, never an assignment. */
function headersTheLambdasRead(): Map<string, string[]> {
  const constants: Record<string, string> = { ...viewerHeaders };
  const found = new Map<string, string[]>();
  const walk = (directory: string): string[] =>
    readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const path = join(directory, entry.name);
      // The relay is behind its own behaviour, which forwards the WebSocket handshake (relay-stack.test.ts).
      if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'relay' ? [] : walk(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    });
  for (const file of walk(join(repositoryRoot, 'lambdas'))) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /headers\[\s*(?:'([^']+)'|"([^"]+)"|([A-Z][A-Z0-9_]+))\s*\](?!\s*=[^=])/g,
    )) {
      const name = match[1] ?? match[2] ?? constants[match[3] ?? ''];
      if (name === undefined) throw new Error(`${file}: headers[${match[3]}] is not a known header constant`);
      found.set(name.toLowerCase(), [
        ...(found.get(name.toLowerCase()) ?? []),
        relative(repositoryRoot, file),
      ]);
    }
  }
  return found;
}

const headersPolicy = (Object.values(resourcesOfType(web, 'AWS::CloudFront::ResponseHeadersPolicy'))[0]
  ?.Properties?.ResponseHeadersPolicyConfig ?? {}) as Properties;

describe('web stack', () => {
  it('keeps the site bucket private, reachable only through origin access control', () => {
    web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
        ]),
      },
    });
  });

  it('serves the SPA shell for app routes with a viewer-request function on the default behaviour only', () => {
    const defaultBehaviour = distribution.DefaultCacheBehavior as Properties;
    expect(defaultBehaviour.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request' }),
    ]);
    // Distribution-wide error pages would also rewrite the API's meaningful 404s.
    expect(distribution.CustomErrorResponses).toBeUndefined();
    const spaFunction = (defaultBehaviour.FunctionAssociations as Properties[])[0]?.FunctionARN;
    for (const behaviour of behaviours) {
      for (const association of (behaviour.FunctionAssociations ?? []) as Properties[]) {
        expect(association.FunctionARN).not.toEqual(spaFunction);
      }
    }
  });

  it('tells the API each viewer address in a header the client cannot set, for the per-viewer limits', () => {
    const api = behaviours.find((behaviour) => behaviour.PathPattern === '/api/*');
    expect(api?.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    const functions = Object.values(resourcesOfType(web, 'AWS::CloudFront::Function')).map((fn) =>
      String(fn.Properties?.FunctionCode),
    );
    // Assigned unconditionally, from the edge's own view of the connection.
    expect(functions).toContainEqual(
      expect.stringContaining(`event.request.headers['${VIEWER_IP_HEADER}'] = { value: viewerGroup(event.viewer.ip) }`),
    );
    const locales = behaviours.find((behaviour) => behaviour.PathPattern === '/locales/*');
    expect(locales?.FunctionAssociations).toBeUndefined();
  });

  it('deploys the viewer function that keys an IPv6 viewer by its /64, as viewerGroup does', () => {
    const api = behaviours.find((behaviour) => behaviour.PathPattern === '/api/*');
    const association = (api?.FunctionAssociations as Properties[])[0];
    const arn = JSON.stringify(association?.FunctionARN);
    const [, deployed] =
      Object.entries(resourcesOfType(web, 'AWS::CloudFront::Function')).find(([id]) => arn.includes(id)) ?? [];
    const code = String(deployed?.Properties?.FunctionCode);
    expect(code).toBe(VIEWER_GROUP_FUNCTION_SOURCE);
    // The deployed string itself, run: one /64 is one viewer, another /64 another, IPv4 its address.
    const sameNetwork = ['2001:db8:1:2::9', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff'];
    for (const ip of [...sameNetwork, '2001:db8:1:3::1', '198.51.100.7', '::ffff:198.51.100.7']) {
      expect(edgeViewerKey(code, ip), ip).toBe(viewerGroup(ip));
    }
    expect(edgeViewerKey(code, sameNetwork[0]!)).toBe(edgeViewerKey(code, sameNetwork[1]!));
  });

  it('forwards /api/* uncached with every method, and serves /locales/* from the bucket', () => {
    const api = behaviours.find((behaviour) => behaviour.PathPattern === '/api/*');
    expect(api?.AllowedMethods).toEqual(expect.arrayContaining(['POST', 'GET']));
    expect(api?.CachePolicyId).toEqual({ Ref: cachePolicyId?.[0] });
    expect(api?.OriginRequestPolicyId).toEqual({ Ref: originRequestPolicyId?.[0] });
    const locales = behaviours.find((behaviour) => behaviour.PathPattern === '/locales/*');
    expect(locales?.TargetOriginId).toBe((distribution.DefaultCacheBehavior as Properties).TargetOriginId);
  });

  it('forwards the viewer headers the API reads to the API origin, by name from shared/api/viewer-headers.ts', () => {
    // The managed AllViewerExceptHostHeader policy leaves CloudFront-* headers out: they must be named.
    expect(originHeaders).toEqual(
      expect.arrayContaining([viewerHeaders.VIEWER_COUNTRY_HEADER, viewerHeaders.VIEWER_ADDRESS_HEADER]),
    );
    expect(originHeaders).not.toContain('host');
    expect((originRequest.HeadersConfig as Properties).HeaderBehavior).toBe('whitelist');
  });

  it('forwards Authorization through a cache policy that caches nothing (the API answers no-store)', () => {
    expect(cacheKeyHeaders).toEqual(['authorization']);
    expect(apiCache.DefaultTTL).toBe(0);
    expect(apiCache.MinTTL).toBe(0);
    // CloudFront refuses headers in the key of a policy whose max TTL is 0; 1 s is the least it allows.
    expect(apiCache.MaxTTL).toBeLessThanOrEqual(1);
    expect(SECURITY_HEADERS['cache-control']).toBe('no-store');
    // Everything that tells callers apart is in the key, so not even a 1 s entry could be shared.
    expect(cacheKey.QueryStringsConfig?.QueryStringBehavior).toBe('all');
    expect(cacheKey.CookiesConfig).toEqual({ CookieBehavior: 'whitelist', Cookies: [ADMIN_SESSION_COOKIE] });
  });

  it('forwards every request header the Lambdas read, and the admin cookie', () => {
    const read = headersTheLambdasRead();
    expect([...read.keys()]).toEqual(
      expect.arrayContaining(['authorization', 'cookie', viewerHeaders.VIEWER_COUNTRY_HEADER]),
    );
    const forwarded = new Set([...originHeaders, ...cacheKeyHeaders, ...SET_WITHOUT_A_POLICY]);
    // Cookie is forwarded as the cookies the policies name: the admin session's, which is all the API reads.
    if (cacheKey.CookiesConfig !== undefined) forwarded.add('cookie');
    const missing = [...read].filter(([name]) => !forwarded.has(name));
    expect(missing).toEqual([]);
    // And the viewer address the /api/* function sets, which the web ACL keys its per-viewer limits on.
    expect(originHeaders).toContain(VIEWER_IP_HEADER);
    expect(apiBehaviour?.OriginRequestPolicyId).toBeDefined();
  });

  it('compresses the site and the locale files at the edge with brotli and gzip, and never the API', () => {
    const cachingOptimized = '658327ea-f89d-4fab-a63d-7e88639e58f6'; // gzip and brotli in the cache key
    const site = distribution.DefaultCacheBehavior as Properties;
    const locales = behaviours.find((behaviour) => behaviour.PathPattern === '/locales/*');
    for (const behaviour of [site, locales]) {
      expect(behaviour?.Compress).toBe(true);
      expect(behaviour?.CachePolicyId).toBe(cachingOptimized);
    }
    // Streamed translation lines must not wait for a compressor.
    expect(behaviours.find((behaviour) => behaviour.PathPattern === '/api/*')?.Compress).toBe(false);
  });

  it('has the local server compress only what CloudFront compresses, from the same size', () => {
    // CloudFront's compressible types (docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/ServingCompressedFiles.html)
    // that the app serves; it compresses from 1,000 bytes. infra/local/static-site.ts follows the same rules.
    const cloudFront = ['text/html', 'text/javascript', 'application/javascript', 'text/css', 'text/plain'];
    cloudFront.push('application/json', 'image/svg+xml', 'font/ttf', 'text/xml', 'application/xml');
    for (const type of COMPRESSED_CONTENT_TYPES) expect(cloudFront).toContain(type);
    expect(MIN_COMPRESSED_BYTES).toBe(1000);
  });

  it('sends the origin-verify secret to the API and relay origins only, so each can refuse requests that bypass CloudFront', () => {
    const origins = distribution.Origins as Properties[];
    const originOf = (path: string) =>
      origins.find((origin) => origin.Id === behaviours.find((b) => b.PathPattern === path)?.TargetOriginId);
    const verified = [originOf('/api/*'), originOf(LISTEN_PATH)];
    for (const origin of verified) {
      const headers = origin?.OriginCustomHeaders as Properties[] | undefined;
      expect(headers).toEqual([expect.objectContaining({ HeaderName: ORIGIN_VERIFY_HEADER })]);
      const value = JSON.stringify(headers?.[0]?.HeaderValue);
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(value).toMatch(/OriginVerify/);
    }
    for (const origin of origins.filter((candidate) => !verified.includes(candidate))) {
      expect(origin.OriginCustomHeaders).toBeUndefined();
    }
  });

  it('sends CSP with frame-ancestors, HSTS, referrer policy and a permissions policy for mic and camera', () => {
    const security = headersPolicy.SecurityHeadersConfig as Record<string, Properties>;
    const csp = security.ContentSecurityPolicy?.ContentSecurityPolicy as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/connect-src [^;]*https:\/\/ipapi\.co/);
    expect(security.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: expect.any(Number),
      Override: true,
    });
    expect(security.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    const custom = (headersPolicy.CustomHeadersConfig as { Items: Properties[] }).Items;
    const permissions = custom.find((header) => header.Header === 'Permissions-Policy')?.Value as string;
    expect(permissions).toContain('microphone=(self)');
    expect(permissions).toContain('camera=(self)');
    for (const behaviour of [distribution.DefaultCacheBehavior as Properties, ...behaviours]) {
      expect(behaviour.ResponseHeadersPolicyId).toBeDefined();
    }
  });

  it('allows exactly the inline scripts of the built index.html by hash', () => {
    const html =
      '<script>one()</script><script type="module" src="/assets/x.js"></script><script>two()</script>';
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    expect(contentSecurityPolicy({ extraConnectSources: [], inlineScriptHashes: hashes })).toContain(
      `script-src 'self' ${hashes.join(' ')};`,
    );
  });
});
