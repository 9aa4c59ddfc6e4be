import { describe, expect, it } from 'vitest';
import { browserBlockReason, externalBrowserUrl, isInAppBrowser } from './browser-support';

const userAgents = {
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/458.0.0.40.107;FBBV/581818045]',
  instagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 323.0.3.23.54 (iPhone14,5; iOS 17_4)',
  whatsapp: 'WhatsApp/2.24.6.77 A',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.54 Mobile Safari/537.36',
  line: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.3.0',
  twitter:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.34',
  linkedin:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.6546',
  genericWebView: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) WebView Chrome/120',
} as const;

const browsers = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
} as const;

describe('in-app browser detection', () => {
  for (const [name, userAgent] of Object.entries(userAgents))
    it(`recognises ${name}`, () => expect(isInAppBrowser(userAgent)).toBe(true));

  for (const [name, userAgent] of Object.entries(browsers))
    it(`lets ${name} through`, () => expect(isInAppBrowser(userAgent)).toBe(false));
});

describe('browserBlockReason', () => {
  it('blocks an in-app browser even when it has media devices', () => {
    expect(browserBlockReason({ userAgent: userAgents.instagram, hasMediaDevices: true })).toBe('in-app');
  });

  it('blocks a browser without media devices', () => {
    expect(browserBlockReason({ userAgent: browsers.chromeMac, hasMediaDevices: false })).toBe(
      'no-media-devices',
    );
  });

  it('lets a regular browser with media devices through', () => {
    expect(browserBlockReason({ userAgent: browsers.safariIos, hasMediaDevices: true })).toBeNull();
  });
});

describe('externalBrowserUrl', () => {
  const page = 'https://wayfarer.example/translate-photo?lng=fr';

  it('hands the page to the default browser on Android with an intent URL', () => {
    const url = externalBrowserUrl(page, userAgents.androidWebView);
    expect(url).toBe(
      'intent://wayfarer.example/translate-photo?lng=fr#Intent;scheme=https;action=android.intent.action.VIEW;' +
        `S.browser_fallback_url=${encodeURIComponent(page)};end`,
    );
  });

  it('asks iOS to open the page in Safari', () => {
    expect(externalBrowserUrl(page, userAgents.instagram)).toBe(`x-safari-${page}`);
  });

  it('keeps the page URL elsewhere', () => {
    expect(externalBrowserUrl(page, browsers.chromeMac)).toBe(page);
  });
});
