/**
 * docs/SPEC.md §2 In-app browser overlay: the in-app browsers of Facebook, WhatsApp, Instagram, Line, Twitter and
 * LinkedIn (and Android WebViews in general) do not pass the microphone through, and a browser without
 * navigator.mediaDevices (old, or on an insecure origin) cannot record at all. Either way the app cannot work.
 */
const inAppBrowserPatterns: readonly RegExp[] = [
  /FBAN|FBAV|FB_IAB|FBIOS/, // Facebook and Messenger
  /WhatsApp/i,
  /Instagram/i,
  /; wv\)|WebView/, // an Android WebView marks itself "; wv)"
  /\bLine\//, // "Line/13.1.0", never "Linux"
  /Twitter/i,
  /LinkedInApp/i,
];

export type BrowserBlockReason = 'in-app' | 'no-media-devices';

export interface BrowserTraits {
  userAgent: string;
  hasMediaDevices: boolean;
}

export function isInAppBrowser(userAgent: string): boolean {
  return inAppBrowserPatterns.some((pattern) => pattern.test(userAgent));
}

export function browserBlockReason({ userAgent, hasMediaDevices }: BrowserTraits): BrowserBlockReason | null {
  if (isInAppBrowser(userAgent)) return 'in-app';
  if (!hasMediaDevices) return 'no-media-devices';
  return null;
}

export function currentBrowserTraits(): BrowserTraits {
  return {
    userAgent: navigator.userAgent,
    hasMediaDevices: typeof navigator.mediaDevices?.getUserMedia === 'function',
  };
}

const isAndroid = (userAgent: string) => /Android/i.test(userAgent);
const isIos = (userAgent: string) => /iPhone|iPad|iPod/i.test(userAgent);

/**
 * Where "Open in browser" sends the visitor. In-app browsers ignore target=_blank, so each platform has its own
 * way out: an Android intent URL with no package hands the page to the default browser (falling back to the
 * page itself); iOS 17 and later open x-safari-https:// links in Safari. Elsewhere a new window is all there is.
 */
export function externalBrowserUrl(pageUrl: string, userAgent: string): string {
  const url = new URL(pageUrl);
  if (isAndroid(userAgent)) {
    const target = `${url.host}${url.pathname}${url.search}`;
    const scheme = url.protocol.replace(':', '');
    return `intent://${target}#Intent;scheme=${scheme};action=android.intent.action.VIEW;S.browser_fallback_url=${encodeURIComponent(pageUrl)};end`;
  }
  if (isIos(userAgent)) return `x-safari-${url.href}`;
  return url.href;
}
