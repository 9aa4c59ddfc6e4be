import { readFileSync } from 'node:fs';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { saveScreenshot } from './screenshots';

// docs/SPEC.md §8: every message a traveller reads is a translated key that says what they can do. These are what
// a traveller must never read: an operator's setting, a stack trace, a message key rendered raw.
const ENVIRONMENT_VARIABLE = /\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b/;
const STACK_TRACE = /\bat \S+ \(?\S+:\d+:\d+\)?|\b(TypeError|ReferenceError|SyntaxError|RangeError):/;
// A message key left untranslated: lower-case words joined by underscores (error_server, voice_…, photo_…).
const UNTRANSLATED_KEY = /\b[a-z]+(?:_[a-z0-9]+)+\b/;

/**
 * The UI languages the walk reads: French, since a traveller reads the messages in their own. Its checks are a
 * superset of an English walk's (the same operator text, stack traces and raw keys, and English left in the page);
 * that every message key exists in English and each other language is proven without a browser
 * (frontend/src/app/message-keys.test.ts, locales.test.ts).
 */
export const WALK_LOCALES = [{ lang: 'fr', locale: 'fr-FR' }] as const;

const locales = new Map<string, Record<string, string>>();

function localeFile(lang: string): Record<string, string> {
  let strings = locales.get(lang);
  if (!strings) {
    strings = JSON.parse(
      readFileSync(new URL(`../../../locales/${lang}/translation.json`, import.meta.url), 'utf8'),
    ) as Record<string, string>;
    locales.set(lang, strings);
  }
  return strings;
}

/** What the screen in `lang` shows for a message key (the key itself if the locale lacks it). */
export function messageIn(lang: string, key: string): string {
  return localeFile(lang)[key] ?? key;
}

// A sentence this long found inside a line is a message, not a word a language happens to share with English.
const SENTENCE_LENGTH = 20;

/**
 * The English messages a screen in `lang` must not show: every string of the English locale file whose `lang`
 * value differs (a word spelled alike, such as "Hotel", is allowed), without interpolations or markup, which the
 * screen shows filled in.
 */
function englishOnlyMessages(lang: string): string[] {
  return Object.keys(localeFile('en')).flatMap((key) => {
    const english = messageIn('en', key);
    return english !== messageIn(lang, key) && !/\{\{|</.test(english) ? [english] : [];
  });
}

/** The visible lines that are an English message in a page whose language is not English. */
function englishIn(text: string, lang: string): string[] {
  if (lang === 'en') return [];
  const messages = englishOnlyMessages(lang);
  const exact = new Set(messages);
  const sentences = messages.filter((message) => message.length >= SENTENCE_LENGTH);
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => exact.has(line) || sentences.some((sentence) => line.includes(sentence)));
}

/**
 * Fails on any operator text in what the traveller can read and, when the page is in another language (its
 * `<html lang>`), on any English message; saves the state's screenshot to look at when SHOTS_DIR is set.
 */
export async function expectNoOperatorText(page: Page, state: string, testInfo: TestInfo): Promise<void> {
  await saveScreenshot(page, testInfo, state, { fullPage: true });
  const text = await page.locator('body').innerText();
  for (const [what, pattern] of [
    ['an environment-variable name', ENVIRONMENT_VARIABLE],
    ['a stack trace', STACK_TRACE],
    ['an untranslated message key', UNTRANSLATED_KEY],
  ] as const) {
    expect(text.match(pattern)?.[0], `${state}: ${what} in the visible text`).toBeUndefined();
  }
  const lang = ((await page.locator('html').getAttribute('lang')) ?? 'en').split('-')[0] ?? 'en';
  expect(englishIn(text, lang), `${state}: English messages in the ${lang} page`).toEqual([]);
}

/**
 * Makes getUserMedia fail with `name` (NotFoundError: no such device; NotReadableError: the device is busy or
 * broken) for the given kind of track, as Chromium does when the device is missing. The flags of the fake devices
 * cannot remove a device, so this init script stands in for the browser's answer.
 */
export async function failMediaDevice(page: Page, kind: 'audio' | 'video', name: string): Promise<void> {
  await page.addInitScript(
    ({ kind, name }) => {
      const devices = navigator.mediaDevices;
      const original = devices.getUserMedia.bind(devices);
      devices.getUserMedia = (constraints) =>
        constraints?.[kind]
          ? Promise.reject(new DOMException('Requested device not found', name))
          : original(constraints);
    },
    { kind, name },
  );
}
