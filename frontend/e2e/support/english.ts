import { readFileSync } from 'node:fs';

const en = JSON.parse(
  readFileSync(new URL('../../../locales/en/translation.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** What the English screen shows for a message key (the key itself if en lacks it, which a test then sees). */
export const english = (key: string): string => en[key] ?? key;
