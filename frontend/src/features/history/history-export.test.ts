import { describe, expect, it } from 'vitest';
import { exportFileName, exportSessions, srtTime } from './history-export';
import type { HistorySession } from './history-session';

const startedAt = Date.UTC(2026, 10, 23, 12, 3, 44);

const session = (overrides: Partial<HistorySession> = {}): HistorySession => ({
  id: 'a',
  startedAt,
  transcript: 'I need a doctor. Where is the station?',
  translation: "J'ai besoin d'un médecin. Où est la gare ?",
  targetLanguage: 'fr',
  cues: [
    { startMs: 500, endMs: 2100, text: 'I need a doctor.' },
    { startMs: 2600, endMs: 4000, text: 'Where is the station?' },
  ],
  ...overrides,
});

const srtStarts = (srt: string) =>
  [...srt.matchAll(/^(\d\d):(\d\d):(\d\d),(\d{3}) --> (\d\d):(\d\d):(\d\d),(\d{3})$/gm)].map((match) => {
    const ms = (h: string, m: string, s: string, f: string) => ((+h * 60 + +m) * 60 + +s) * 1000 + +f;
    return [ms(match[1]!, match[2]!, match[3]!, match[4]!), ms(match[5]!, match[6]!, match[7]!, match[8]!)];
  });

describe('history export', () => {
  it('names files after the date, and a whole-history file says so', () => {
    expect(exportFileName('srt', startedAt)).toBe('wayfarer-2026-11-23T12-03-44Z.srt');
    expect(exportFileName('csv', startedAt, true)).toBe('wayfarer-history-2026-11-23T12-03-44Z.csv');
  });

  it('writes SRT times as HH:MM:SS,mmm', () => {
    expect(srtTime(0)).toBe('00:00:00,000');
    expect(srtTime(3_723_045)).toBe('01:02:03,045');
  });

  it('gives SRT one numbered cue per phrase at its recognised time', () => {
    expect(exportSessions([session()], 'srt')).toBe(
      '1\n00:00:00,500 --> 00:00:02,100\nI need a doctor.\n\n2\n00:00:02,600 --> 00:00:04,000\nWhere is the station?\n',
    );
  });

  it('keeps SRT timestamps monotonic even when cues overlap or go backwards', () => {
    const srt = exportSessions(
      [
        session({
          cues: [
            { startMs: 3000, endMs: 5000, text: 'one' },
            { startMs: 1000, endMs: 2000, text: 'two' },
            { startMs: 4000, endMs: 4000, text: 'three' },
          ],
        }),
        session({ id: 'b', startedAt: startedAt + 1000, cues: [{ startMs: 0, endMs: 10, text: 'four' }] }),
      ],
      'srt',
    );
    const times = srtStarts(srt).flat();
    expect(times).toHaveLength(8);
    times.slice(1).forEach((time, index) => expect(time).toBeGreaterThanOrEqual(times[index]!));
    srtStarts(srt).forEach(([start, end]) => expect(end).toBeGreaterThan(start!));
  });

  it('puts several sessions in SRT on one timeline from the first one', () => {
    const later = session({
      id: 'b',
      startedAt: startedAt + 60_000,
      cues: [{ startMs: 0, endMs: 900, text: 'Taxi' }],
    });
    expect(exportSessions([later, session()], 'srt')).toContain('3\n00:01:00,000 --> 00:01:00,900\nTaxi\n');
  });

  it('writes plain text with the time, the transcript and the translation with its language', () => {
    expect(exportSessions([session()], 'txt')).toBe(
      "2026-11-23T12:03:44.000Z\n\nI need a doctor. Where is the station?\n\n[fr]\nJ'ai besoin d'un médecin. Où est la gare ?\n",
    );
  });

  it('writes Markdown with a heading per session and per translation', () => {
    const markdown = exportSessions([session()], 'md');
    expect(markdown).toMatch(/^## 2026-11-23T12:03:44.000Z\n\nI need a doctor\./);
    expect(markdown).toContain('### fr\n\nJ');
  });

  it('leaves the translation out of text exports when there is none', () => {
    expect(exportSessions([session({ translation: '', targetLanguage: undefined })], 'txt')).not.toContain(
      '[',
    );
  });

  it('writes RFC 4180 CSV with a header, quoting commas and quotes, oldest first', () => {
    const csv = exportSessions(
      [
        session({ id: 'b', startedAt: startedAt + 1, transcript: 'Say "hi", please', translation: '' }),
        session(),
      ],
      'csv',
    );
    expect(csv.split('\r\n')).toEqual([
      'started_at,transcript,translation,translation_language',
      "2026-11-23T12:03:44.000Z,I need a doctor. Where is the station?,J'ai besoin d'un médecin. Où est la gare ?,fr",
      '2026-11-23T12:03:44.001Z,"Say ""hi"", please",,fr',
      '',
    ]);
  });

  it('defuses a CSV field a spreadsheet would run as a formula', () => {
    expect(exportSessions([session({ transcript: '=HYPERLINK("x")' })], 'csv')).toContain(
      `"'=HYPERLINK(""x"")"`,
    );
  });
});
