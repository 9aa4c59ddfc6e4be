// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession, setHistoryEnabled } from './history-store';

// jsdom has no IndexedDB: a save that opened the history's database would fail here, so one that resolves wrote
// nothing.
const SESSION = { id: 's1', startedAt: 1, transcript: 'I need a doctor', translation: '', cues: [] };

describe('history store', () => {
  afterEach(() => localStorage.clear());

  it('with history turned off, a stopped session writes nothing', async () => {
    setHistoryEnabled(false);
    await expect(saveSession(SESSION)).resolves.toBeUndefined();
  });

  it('with history on, a stopped session is written to the device', async () => {
    await expect(saveSession(SESSION)).rejects.toThrow(/indexedDB/);
  });
});
