import { createHash } from 'node:crypto';
import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';

/**
 * CSP hash sources of the inline scripts in a built index.html (the pre-paint theme script), so the policy
 * allows exactly those and no other inline script. They change only when that script does.
 */
export function inlineScriptHashes(indexHtml: string): string[] {
  const inlineScripts = indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi);
  return [...inlineScripts].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

export interface ContentSecurityPolicySources {
  /** From stage context, e.g. an IP-location service the client asks for language suggestions. */
  readonly extraConnectSources: readonly string[];
  readonly inlineScriptHashes: readonly string[];
}

/** The Content-Security-Policy of every response. */
export function contentSecurityPolicy(sources: ContentSecurityPolicySources): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...sources.inlineScriptHashes],
    // React and Amplify UI set style attributes; no inline scripts are allowed.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    // Synthesized speech is played from blob URLs; the photo preview is a blob too.
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    // The speech socket is our relay on the same origin ('self' covers ws: and wss: there): the browser calls
    // no third party for speech (docs/DESIGN.md §7).
    'connect-src': ["'self'", ...sources.extraConnectSources],
    // The audio worklet module is loaded from the app's own files or a blob URL.
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': [],
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** Microphone and camera for this origin only (voice and photo), everything else sensitive off. */
export const PERMISSIONS_POLICY = 'microphone=(self), camera=(self), geolocation=(), payment=(), usb=()';

export function createSecurityHeadersPolicy(
  scope: Construct,
  id: string,
  name: string,
  sources: ContentSecurityPolicySources,
): ResponseHeadersPolicy {
  return new ResponseHeadersPolicy(scope, id, {
    responseHeadersPolicyName: name,
    comment: 'Wayfarer: CSP, HSTS, frame-ancestors, referrer and permissions policies',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(sources), override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(730),
        includeSubdomains: true,
        override: true,
      },
      // frame-ancestors in the CSP is the modern control; X-Frame-Options covers older browsers.
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      contentTypeOptions: { override: true },
    },
    customHeadersBehavior: {
      customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
    },
  });
}
