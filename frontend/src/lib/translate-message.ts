import type { TFunction } from 'i18next';
import { HTTP_ERROR_KEYS, isMessageKey, type MessageKey } from '@wayfarer/shared/domain/error-keys';

/**
 * docs/SPEC.md §8: what a traveller reads for a message. A message key is translated; any other text (a server's own words, written for an operator) is not shown: the
 * traveller reads `fallback`, translated, and the text goes to the console log. `t` is called with the key's own
 * type, so a key that locales/en lacks fails the type check.
 */
export function translateMessage(
  t: TFunction,
  message: string,
  fallback: MessageKey = HTTP_ERROR_KEYS.server,
): string {
  if (isMessageKey(message)) return t(message);
  console.warn('message kept from the traveller:', message);
  return t(fallback);
}
