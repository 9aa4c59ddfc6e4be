import { describe, expect, it } from 'vitest';
import { FOLLOW_SLACK_PX, isAtEnd } from './scroll-follow';

describe('following the newest line', () => {
  it('a text scrolled to its end follows', () => {
    expect(isAtEnd({ scrollTop: 600, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
  });

  it('a text within the slack of its end still follows', () => {
    expect(isAtEnd({ scrollTop: 600 - FOLLOW_SLACK_PX, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
  });

  it('a text the traveller scrolled up stays where it is', () => {
    expect(isAtEnd({ scrollTop: 600 - FOLLOW_SLACK_PX - 1, clientHeight: 400, scrollHeight: 1000 })).toBe(
      false,
    );
  });

  it('a text shorter than its box follows', () => {
    expect(isAtEnd({ scrollTop: 0, clientHeight: 400, scrollHeight: 300 })).toBe(true);
  });
});
