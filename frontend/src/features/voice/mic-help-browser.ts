/** The browsers the microphone-denied dialog has numbered steps for (docs/SPEC.md §2). */
export const MIC_HELP_BROWSERS = [
  'chrome',
  'firefox',
  'safari',
  'edge',
  'opera',
  'ios_safari',
  'default',
] as const;
export type MicHelpBrowser = (typeof MIC_HELP_BROWSERS)[number];

/**
 * Picks the steps from the user agent. Order matters: Edge and Opera also say "Chrome", Chrome also says
 * "Safari", and every browser on iOS is Safari underneath (its permissions live in Safari's settings).
 */
export function detectMicHelpBrowser(userAgent: string): MicHelpBrowser {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios_safari';
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'opera';
  if (/Firefox\//.test(userAgent)) return 'firefox';
  if (/Chrome\/|Chromium\//.test(userAgent)) return 'chrome';
  if (/Safari\//.test(userAgent)) return 'safari';
  return 'default';
}
