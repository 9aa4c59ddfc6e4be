import { describe, expect, it } from 'vitest';
import { dateFormatLocale, formatDate } from './date-format';

const date = new Date(Date.UTC(2026, 10, 22, 12));
const utc = { dateStyle: 'long', timeZone: 'UTC' } as const;

describe('formatDate', () => {
  it('writes English dates for en', () => {
    expect(formatDate(date, 'en', utc)).toBe('November 22, 2026');
  });

  it('writes French dates for fr, regional variants included', () => {
    expect(formatDate(date, 'fr', utc)).toBe('22 novembre 2026');
    expect(formatDate(date, 'fr-CA', utc)).toBe('22 novembre 2026');
  });

  it('uses the English format data for es and de (docs/SPEC.md §1)', () => {
    expect(formatDate(date, 'es', utc)).toBe('November 22, 2026');
    expect(formatDate(date, 'de', utc)).toBe('November 22, 2026');
  });

  it('writes each further interface language with its own Intl data (ja, zh, ar)', () => {
    expect(formatDate(date, 'ja', utc)).toBe('2026年11月22日');
    expect(formatDate(date, 'zh-CN', utc)).toBe('2026年11月22日');
    expect(formatDate(date, 'ar', utc)).toBe(new Intl.DateTimeFormat('ar', utc).format(date));
    expect(formatDate(date, 'ar', utc)).toMatch(/نوفمبر/);
  });

  it('falls back to English for a language without format data', () => {
    expect(dateFormatLocale('sw')).toBe(dateFormatLocale('en'));
  });

  it('accepts ISO strings and timestamps, and other formats', () => {
    expect(formatDate('2026-11-22T12:00:00Z', 'en', utc)).toBe('November 22, 2026');
    expect(formatDate(date.getTime(), 'fr', { dateStyle: 'short', timeZone: 'UTC' })).toBe('22/11/2026');
  });
});
