import type { TFunction } from 'i18next';
import { isMessageKey } from '@wayfarer/shared/domain/error-keys';

/**
 * Shows a message key translated and any other text (the server's own words, docs/SPEC.md §5 and §8's literal messages)
 * as it is. `t` is called with the key's own type, so a key that locales/en lacks fails the type check.
 */
export function translateMessage(t: TFunction, message: string): string {
  return isMessageKey(message) ? t(message) : message;
}
