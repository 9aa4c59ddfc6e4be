import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE, eventRules, events } from '@wayfarer/shared/events';
import { assertSupportedPattern, matchesPattern, UnsupportedPatternError } from './event-pattern';

function busEvent(detailType: string, source = EVENT_SOURCE) {
  return {
    version: '0',
    id: 'e1',
    'detail-type': detailType,
    source,
    account: '000000000000',
    time: '2026-01-01T00:00:00Z',
    region: 'us-east-1',
    resources: [],
    detail: { subject: 's', seconds: 3, leaseId: 'l', day: '2026-01-01' },
  };
}

describe('matchesPattern', () => {
  it('matches an event whose fields take one of the listed values', () => {
    expect(matchesPattern({ source: ['a', 'b'], 'detail-type': ['x'] }, { source: 'b', 'detail-type': 'x' })).toBe(true);
  });

  it('rejects an event when any one field takes an unlisted value', () => {
    expect(matchesPattern({ source: ['a'], 'detail-type': ['x'] }, { source: 'a', 'detail-type': 'y' })).toBe(false);
  });

  it('rejects an event that lacks a field the pattern names', () => {
    expect(matchesPattern({ source: ['a'], 'detail-type': ['x'] }, { source: 'a' })).toBe(false);
  });

  it('matches an array field when any element is listed', () => {
    expect(matchesPattern({ resources: ['r2'] }, { resources: ['r1', 'r2'] })).toBe(true);
    expect(matchesPattern({ resources: ['r3'] }, { resources: ['r1', 'r2'] })).toBe(false);
  });

  it('matches nested fields through nested patterns', () => {
    expect(matchesPattern({ detail: { status: ['active'] } }, { detail: { status: 'active' } })).toBe(true);
    expect(matchesPattern({ detail: { status: ['active'] } }, { detail: { status: 'canceled' } })).toBe(false);
    expect(matchesPattern({ detail: { status: ['active'] } }, { detail: 'active' })).toBe(false);
  });

  it('compares values by type as well as content', () => {
    expect(matchesPattern({ detail: { seconds: [3] } }, { detail: { seconds: '3' } })).toBe(false);
    expect(matchesPattern({ detail: { seconds: [3] } }, { detail: { seconds: 3 } })).toBe(true);
  });
});

describe('assertSupportedPattern', () => {
  it('accepts every shared rule pattern', () => {
    for (const rule of eventRules) expect(() => assertSupportedPattern(rule.pattern)).not.toThrow();
  });

  it('refuses content filters it cannot evaluate', () => {
    expect(() => assertSupportedPattern({ source: [{ prefix: 'wayfarer' }] })).toThrow(UnsupportedPatternError);
    expect(() => assertSupportedPattern({ source: [] })).toThrow(UnsupportedPatternError);
  });
});

describe('shared rules', () => {
  it('route each event of the catalogue to exactly its own consumer', () => {
    for (const definition of Object.values(events)) {
      const matched = eventRules.filter((rule) => matchesPattern(rule.pattern, busEvent(definition.detailType)));
      expect(matched.map((rule) => rule.consumer)).toEqual([definition.consumer]);
    }
  });

  it('ignore events from another source', () => {
    const event = busEvent(events.usageRecorded.detailType, 'someone.else');
    expect(eventRules.filter((rule) => matchesPattern(rule.pattern, event))).toEqual([]);
  });
});
