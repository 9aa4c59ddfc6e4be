import { beforeAll, describe, expect, it } from 'vitest';
import { loadKanaConverter, type KanaConverter } from './kana';

describe('kana', () => {
  let converter: KanaConverter;
  beforeAll(async () => {
    converter = await loadKanaConverter();
  });

  it('replaces kanji by their spoken reading', () => {
    expect(converter.toKana('東京駅はどこですか')).toBe('トーキョーエキワドコデスカ');
  });

  it('keeps digits, Latin script and punctuation as written', () => {
    expect(converter.toKana('3000円です。Hotel')).toBe('3000エンデス。Hotel');
  });
});
