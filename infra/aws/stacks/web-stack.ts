import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { RestApiOrigin, S3BucketOrigin, VpcOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IApplicationLoadBalancer } from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { VIEWER_ADDRESS_HEADER, VIEWER_COUNTRY_HEADER } from '@wayfarer/shared/api/viewer-headers';
import { LISTEN_PATH } from '@wayfarer/shared/api/speech-protocol';
import { ADMIN_SESSION_COOKIE } from '@wayfarer/lambdas/domain/admin-session';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../constructs/api-firewall';
import { VIEWER_GROUP_FUNCTION_SOURCE } from '../viewer-group-function';
import { repositoryRoot } from '../lambda-bundling';
import { createSecurityHeadersPolicy, inlineScriptHashes } from '../constructs/security-headers';
import type { StageConfig } from '../stage-config';

export interface WebStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly api: RestApi;
  /** Sent to the API origin in ORIGIN_VERIFY_HEADER, so the API can tell CloudFront's requests apart. */
  readonly originVerify: ISecret;
  /** Upload frontend/dist and locales/ when present (false in template tests). */
  readonly deployAssets: boolean;
  /** The speech relay's internal load balancer (stacks/relay-stack.ts), reached as a VPC origin. */
  readonly relayLoadBalancer: IApplicationLoadBalancer;
}

/*
 * App routes (/login, /subscribe-success?session_id=...) have no file in the bucket: serve the SPA shell for
 * any path whose last segment has no extension. Distribution-wide error responses would do the same but
 * would also turn the API's meaningful 404s (no subscription, analytics unavailable) into index.html.
 */
const SPA_FALLBACK_SOURCE = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * The viewer headers CloudFront adds that the API reads (shared/api/viewer-headers.ts). The managed
 * AllViewerExceptHostHeader policy does not forward CloudFront-* headers: they must be named.
 */
export const API_VIEWER_HEADERS = [VIEWER_COUNTRY_HEADER, VIEWER_ADDRESS_HEADER] as const;

/**
 * Every header of the viewer's request the API needs, beyond Authorization (which only a cache policy may
 * forward): the viewer headers above, the body's type, Stripe's webhook signature, and the viewer address the
 * /api/* function sets (the web ACL's per-viewer key). Host stays API Gateway's own, as before.
 */
export const API_FORWARDED_HEADERS = [
  ...API_VIEWER_HEADERS,
  'content-type',
  'stripe-signature',
  VIEWER_IP_HEADER,
] as const;

/** Forwarded to the API through the cache policy: CloudFront refuses it in an origin request policy. */
export const API_CACHE_KEY_HEADERS = ['authorization'] as const;

/**
 * What the relay's origin gets of the viewer's request (CloudFront, "Use WebSockets with CloudFront
 * distributions": the handshake's Sec-WebSocket-Key and Sec-WebSocket-Version must be forwarded; Protocol carries
 * the ticket, Extensions the compression offer), and the viewer address the relay keys anonymous callers on.
 * Upgrade and Connection are CloudFront's own to pass for a WebSocket.
 */
export const RELAY_FORWARDED_HEADERS = [
  'Sec-WebSocket-Key',
  'Sec-WebSocket-Version',
  'Sec-WebSocket-Protocol',
  'Sec-WebSocket-Extensions',
  VIEWER_ADDRESS_HEADER,
] as const;

export const WEB_DIST_DIRECTORY = join(repositoryRoot, 'frontend', 'dist');
/** The build's brotli and gzip copies are for the local server; CloudFront compresses on its own. */
const PRECOMPRESSED_COPIES = ['**/*.br', '**/*.gz'];
export const LOCALES_DIRECTORY = join(repositoryRoot, 'locales');

/** The SPA bucket (private, origin access control), CloudFront with its behaviours and security headers. */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Everything in it is rebuilt from the repository: nothing to keep, except in prod out of caution.
      removalPolicy: stage.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !stage.isProduction,
    });
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const builtIndex = join(WEB_DIST_DIRECTORY, 'index.html');
    const headers = createSecurityHeadersPolicy(
      this,
      'SecurityHeaders',
      `wayfarer-${stage.stage}-security-headers`,
      {
        extraConnectSources: stage.extraConnectSources,
        // The CSP ships with the build it protects: hash the inline scripts of the index.html being deployed.
        inlineScriptHashes: existsSync(builtIndex)
          ? inlineScriptHashes(readFileSync(builtIndex, 'utf8'))
          : [],
      },
    );
    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_FALLBACK_SOURCE),
      comment: 'Serve index.html for app routes',
    });

    const viewerIp = new CloudFrontFunction(this, 'ViewerIp', {
      runtime: FunctionRuntime.JS_2_0,
      // Overwrites any value the client sent: the API's per-viewer limits key on it (constructs/api-firewall.ts).
      code: FunctionCode.fromInline(VIEWER_GROUP_FUNCTION_SOURCE),
      comment: 'Tell the API the viewer group (IPv4 address, IPv6 /64) for its per-viewer limits',
    });

    // Nothing of the API is cached: the API answers `cache-control: no-store` on every response and the default
    // TTL is 0. The max TTL is 1 s only because CloudFront refuses headers in the key of a policy whose max TTL
    // is 0, and Authorization reaches the origin only as part of a cache key. Query strings and the admin
    // cookie are in the key too, so no two callers could ever share an entry even if a response said max-age.
    const apiCachePolicy = new CachePolicy(this, 'ApiNoCache', {
      cachePolicyName: `wayfarer-${stage.stage}-api-no-cache`,
      comment: 'API: nothing cached; forwards Authorization, query strings and the admin cookie',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: CacheHeaderBehavior.allowList(...API_CACHE_KEY_HEADERS),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.allowList(ADMIN_SESSION_COOKIE),
      enableAcceptEncodingGzip: false,
      enableAcceptEncodingBrotli: false,
    });
    const apiOriginRequest = new OriginRequestPolicy(this, 'ApiOriginRequest', {
      originRequestPolicyName: `wayfarer-${stage.stage}-api-viewer-headers`,
      comment:
        'API: exactly the viewer headers the Lambdas read (country, address, body type, Stripe signature)',
      headerBehavior: OriginRequestHeaderBehavior.allowList(...API_FORWARDED_HEADERS),
      queryStringBehavior: OriginRequestQueryStringBehavior.none(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });

    // The speech socket: nothing cached, the handshake headers, the viewer's address and the listen query
    // (shared/constants.ts's SPEECH_SOCKET_QUERY) through to the relay.
    const relayOriginRequest = new OriginRequestPolicy(this, 'RelayOriginRequest', {
      originRequestPolicyName: `wayfarer-${stage.stage}-relay-socket`,
      comment: 'Speech relay: the WebSocket handshake headers, the viewer address and the query string',
      headerBehavior: OriginRequestHeaderBehavior.allowList(...RELAY_FORWARDED_HEADERS),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    // The load balancer is internal: CloudFront reaches it through a VPC origin, over AWS's network, by HTTP on
    // 80 (an internal load balancer's name has no public certificate). Its listener still checks the origin secret.
    const relayOrigin = VpcOrigin.withApplicationLoadBalancer(props.relayLoadBalancer, {
      vpcOriginName: `wayfarer-${stage.stage}-relay`,
      httpPort: 80,
      protocolPolicy: OriginProtocolPolicy.HTTP_ONLY,
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify.secretValue.unsafeUnwrap() },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Wayfarer ${stage.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // North America and Europe edges only: the cheapest class; widen it when traffic says so.
      priceClass: PriceClass.PRICE_CLASS_100,
      ...(stage.domainName && stage.certificateArn
        ? {
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
            domainNames: [stage.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', stage.certificateArn),
          }
        : {}),
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new RestApiOrigin(props.api, {
            readTimeout: Duration.seconds(60),
            // The API's web ACL admits only requests carrying this (constructs/api-firewall.ts).
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Authorization, the admin cookie and query strings through the cache policy, the named viewer headers
          // through the origin request policy; Host stays API Gateway's.
          cachePolicy: apiCachePolicy,
          originRequestPolicy: apiOriginRequest,
          responseHeadersPolicy: headers,
          // Compressing at the edge holds back streamed translation lines; audio does not compress anyway.
          compress: false,
          functionAssociations: [{ function: viewerIp, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        [LISTEN_PATH]: {
          origin: relayOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: relayOriginRequest,
          responseHeadersPolicy: headers,
          compress: false,
        },
        '/locales/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
    });

    if (props.deployAssets) this.deployAssets();

    new CfnOutput(this, 'SiteUrl', {
      value: stage.domainName
        ? `https://${stage.domainName}`
        : `https://${this.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
  }

  private deployAssets(): void {
    const distribution = this.distribution;
    // Locale files change without their names changing: a short cache, revalidated.
    new BucketDeployment(this, 'DeployLocales', {
      sources: [Source.asset(LOCALES_DIRECTORY)],
      destinationBucket: this.bucket,
      destinationKeyPrefix: 'locales/',
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.minutes(5))],
      distribution,
      distributionPaths: ['/locales/*'],
    });
    if (!existsSync(join(WEB_DIST_DIRECTORY, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        'wayfarer:web-dist-missing',
        'frontend/dist is missing: run `npm run build` before deploying, or the site serves no app.',
      );
      return;
    }
    // Vite's hashed files never change under a name: cache them for a year.
    new BucketDeployment(this, 'DeployHashedAssets', {
      sources: [Source.asset(join(WEB_DIST_DIRECTORY, 'assets'), { exclude: PRECOMPRESSED_COPIES })],
      destinationBucket: this.bucket,
      destinationKeyPrefix: 'assets/',
      // Old hashed files stay for tabs still running the previous release.
      prune: false,
      cacheControl: [
        CacheControl.setPublic(),
        CacheControl.maxAge(Duration.days(365)),
        CacheControl.immutable(),
      ],
    });
    // index.html and the few unhashed files: always revalidated, so a deploy shows at once.
    new BucketDeployment(this, 'DeployShell', {
      sources: [Source.asset(WEB_DIST_DIRECTORY, { exclude: ['assets/**', ...PRECOMPRESSED_COPIES] })],
      destinationBucket: this.bucket,
      exclude: ['assets/*', 'locales/*'],
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution,
      distributionPaths: ['/*'],
    });
  }
}
