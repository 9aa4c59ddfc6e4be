import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLocalSettings } from './settings';

describe('the local cloud settings', () => {
  it('unset, the local cloud serves on 8787 from .data with the per-viewer limits on and no trusted proxy', () => {
    const settings = readLocalSettings({});
    expect(settings).toMatchObject({
      port: 8787,
      dataDir: path.resolve('.data'),
      localRoutesPort: undefined,
      webRoot: undefined,
      accessTokenSeconds: undefined,
      viewerLimits: { rateLimits: 'on', trustedProxies: [] },
    });
  });

  it('a blank setting counts as unset', () => {
    expect(readLocalSettings({ PORT: ' ', DATA_DIR: '', RATE_LIMITS: '' })).toMatchObject({
      port: 8787,
      dataDir: path.resolve('.data'),
      viewerLimits: { rateLimits: 'on' },
    });
  });

  it('a PORT that is not a number stops the start naming PORT', () => {
    expect(() => readLocalSettings({ PORT: 'eighty' })).toThrow(
      /PORT: Must be a port number from 1 to 65535/,
    );
  });

  it('a LOCAL_ROUTES_PORT out of range stops the start naming LOCAL_ROUTES_PORT', () => {
    expect(() => readLocalSettings({ LOCAL_ROUTES_PORT: '70000' })).toThrow(/LOCAL_ROUTES_PORT: /);
  });

  it('RATE_LIMITS is on or off, in any case, and anything else stops the start naming RATE_LIMITS', () => {
    expect(readLocalSettings({ RATE_LIMITS: 'OFF' }).viewerLimits.rateLimits).toBe('off');
    expect(() => readLocalSettings({ RATE_LIMITS: 'sometimes' })).toThrow(/RATE_LIMITS: Must be on or off/);
  });

  it('TRUSTED_PROXIES lists IP addresses, comma- or space-separated, and a name stops the start naming it', () => {
    expect(
      readLocalSettings({ TRUSTED_PROXIES: '127.0.0.1, ::1 10.0.0.2' }).viewerLimits.trustedProxies,
    ).toEqual(['127.0.0.1', '::1', '10.0.0.2']);
    expect(() => readLocalSettings({ TRUSTED_PROXIES: '127.0.0.1,proxy.local' })).toThrow(
      /TRUSTED_PROXIES: "proxy.local" is not an IP address/,
    );
  });

  it('LOCAL_ACCESS_TOKEN_SECONDS is a whole number of seconds', () => {
    expect(readLocalSettings({ LOCAL_ACCESS_TOKEN_SECONDS: '5' }).accessTokenSeconds).toBe(5);
    expect(() => readLocalSettings({ LOCAL_ACCESS_TOKEN_SECONDS: '1.5' })).toThrow(
      /LOCAL_ACCESS_TOKEN_SECONDS: /,
    );
  });

  it('a bad setting of the functions (an allowance that is not a number) stops the start, before anything runs', () => {
    expect(() => readLocalSettings({ ANON_DAILY_SECONDS: 'abc' })).toThrow(/ANON_DAILY_SECONDS: /);
  });

  it('every bad variable is named at once', () => {
    expect(() => readLocalSettings({ PORT: 'x', RATE_LIMITS: 'maybe' })).toThrow(/PORT: .*RATE_LIMITS: /);
  });
});
