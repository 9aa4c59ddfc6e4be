import { describe, expect, it } from 'vitest';
import { firstWords, HISTORY_LIMIT, idsOverLimit } from './history-session';

const sessions = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `s${index}`, startedAt: 1000 + index }));

describe('history bounds', () => {
  it('drops nothing while there is room for one more session', () => {
    expect(idsOverLimit(sessions(HISTORY_LIMIT - 1))).toEqual([]);
  });

  it('drops the oldest sessions so the new one keeps the history at its limit', () => {
    expect(idsOverLimit(sessions(5).reverse(), 4)).toEqual(['s0', 's1']);
  });

  it('lists a session by its first eight words', () => {
    expect(firstWords({ transcript: '  I need a doctor near the Eiffel Tower please now ' })).toBe(
      'I need a doctor near the Eiffel Tower…',
    );
    expect(firstWords({ transcript: 'Taxi please' })).toBe('Taxi please');
  });

  it('ends cut first words with one ellipsis, not after a full stop', () => {
    expect(firstWords({ transcript: 'Please help me, I need a doctor now. The taxi is late.' })).toBe(
      'Please help me, I need a doctor now…',
    );
  });
});
