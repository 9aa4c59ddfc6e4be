import { fileStamp } from '../../lib/download-file';
import type { HistoryCue, HistorySession } from './history-session';

export const EXPORT_FORMATS = ['txt', 'md', 'srt', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const MIME: Record<ExportFormat, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  srt: 'application/x-subrip',
  csv: 'text/csv',
};

export function exportMimeType(format: ExportFormat): string {
  return `${MIME[format]};charset=utf-8`;
}

/** `wayfarer-2026-11-23T12-03-44Z.srt` for one session, `wayfarer-history-<export time>.srt` for all of them. */
export function exportFileName(format: ExportFormat, at: number, all = false): string {
  return `wayfarer-${all ? 'history-' : ''}${fileStamp(at)}.${format}`;
}

function isoTime(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

function toText(session: HistorySession): string {
  const lines = [isoTime(session.startedAt), '', session.transcript];
  if (session.translation.trim() !== '') {
    lines.push('', `[${session.targetLanguage ?? ''}]`, session.translation);
  }
  return lines.join('\n');
}

function toMarkdown(session: HistorySession): string {
  const lines = [`## ${isoTime(session.startedAt)}`, '', session.transcript];
  if (session.translation.trim() !== '') {
    lines.push('', `### ${session.targetLanguage ?? ''}`.trimEnd(), '', session.translation);
  }
  return lines.join('\n');
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** SRT's `HH:MM:SS,mmm`. */
export function srtTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)},${pad(whole % 1000, 3)}`;
}

/**
 * Cues made monotonic: each starts no earlier than the previous one ended and lasts at least a moment, so a
 * player never sees time run backwards even if the clock that stamped them did.
 */
function monotonicCues(cues: readonly HistoryCue[], offsetMs: number): HistoryCue[] {
  const out: HistoryCue[] = [];
  let previousEnd = 0;
  for (const cue of cues) {
    if (cue.text.trim() === '') continue;
    const startMs = Math.max(cue.startMs + offsetMs, previousEnd);
    const endMs = Math.max(cue.endMs + offsetMs, startMs + 1);
    out.push({ startMs, endMs, text: cue.text.trim() });
    previousEnd = endMs;
  }
  return out;
}

/** The sessions' cues on one timeline: each session starts where its real start falls after the first one's. */
function toSrt(sessions: readonly HistorySession[]): string {
  const first = sessions[0]?.startedAt ?? 0;
  const cues = sessions.flatMap((session) => {
    const cuesOrWhole: HistoryCue[] =
      session.cues.length > 0 ? [...session.cues] : [{ startMs: 0, endMs: 1000, text: session.transcript }];
    return cuesOrWhole.map((cue) => ({
      ...cue,
      startMs: cue.startMs + session.startedAt - first,
      endMs: cue.endMs + session.startedAt - first,
    }));
  });
  return monotonicCues(cues, 0)
    .map((cue, index) => `${index + 1}\n${srtTime(cue.startMs)} --> ${srtTime(cue.endMs)}\n${cue.text}\n`)
    .join('\n');
}

/** RFC 4180: quoted when needed, quotes doubled; a leading formula character is defused for spreadsheets. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const CSV_HEADER = ['started_at', 'transcript', 'translation', 'translation_language'];

function toCsv(sessions: readonly HistorySession[]): string {
  const rows = sessions.map((session) => [
    isoTime(session.startedAt),
    session.transcript,
    session.translation,
    session.targetLanguage ?? '',
  ]);
  return [CSV_HEADER, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** One file's content for one session or several (oldest first). */
export function exportSessions(sessions: readonly HistorySession[], format: ExportFormat): string {
  const ordered = [...sessions].sort((a, b) => a.startedAt - b.startedAt);
  switch (format) {
    case 'txt':
      return ordered.map(toText).join('\n\n---\n\n') + '\n';
    case 'md':
      return ordered.map(toMarkdown).join('\n\n') + '\n';
    case 'srt':
      return toSrt(ordered);
    case 'csv':
      return toCsv(ordered);
  }
}
