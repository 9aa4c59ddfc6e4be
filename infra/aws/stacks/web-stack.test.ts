import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../constructs/api-firewall';
import { contentSecurityPolicy, inlineScriptHashes } from '../constructs/security-headers';
import { resourcesOfType, synthWayfarer } from '../testing/synth-wayfarer';
import { COMPRESSED_CONTENT_TYPES, MIN_COMPRESSED_BYTES } from '../../local/static-site';

const { templates } = synthWayfarer({ context: { stage: 'web', cspConnectSources: 'https://ipapi.co' } });
const web = templates.web;

type Properties = Record<string, unknown>;
const distribution = (Object.values(resourcesOfType(web, 'AWS::CloudFront::Distribution'))[0]?.Properties
  ?.DistributionConfig ?? {}) as Properties;
const behaviours = (distribution.CacheBehaviors ?? []) as Properties[];
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
      expect.stringContaining(`event.request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip }`),
    );
    const locales = behaviours.find((behaviour) => behaviour.PathPattern === '/locales/*');
    expect(locales?.FunctionAssociations).toBeUndefined();
  });

  it('forwards /api/* uncached with every method, and serves /locales/* from the bucket', () => {
    const api = behaviours.find((behaviour) => behaviour.PathPattern === '/api/*');
    expect(api?.AllowedMethods).toEqual(expect.arrayContaining(['POST', 'GET']));
    expect(api?.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
    expect(api?.OriginRequestPolicyId).toBeDefined();
    const locales = behaviours.find((behaviour) => behaviour.PathPattern === '/locales/*');
    expect(locales?.TargetOriginId).toBe((distribution.DefaultCacheBehavior as Properties).TargetOriginId);
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

  it('sends the origin-verify secret to the API origin only, so the API can refuse requests that bypass CloudFront', () => {
    const origins = distribution.Origins as Properties[];
    const api = behaviours.find((behaviour) => behaviour.PathPattern === '/api/*');
    const apiOrigin = origins.find((origin) => origin.Id === api?.TargetOriginId);
    const headers = apiOrigin?.OriginCustomHeaders as Properties[] | undefined;
    expect(headers).toEqual([expect.objectContaining({ HeaderName: ORIGIN_VERIFY_HEADER })]);
    const value = JSON.stringify(headers?.[0]?.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toMatch(/OriginVerify/);
    for (const origin of origins.filter((candidate) => candidate !== apiOrigin)) {
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
