import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences';

describe('splitSentences', () => {
  it('splits after a full stop, question mark or exclamation mark followed by a space', () => {
    expect(splitSentences('Where is the station? It is near. Thank you!')).toEqual([
      'Where is the station?',
      'It is near.',
      'Thank you!',
    ]);
  });

  it('keeps decimal numbers and thousands separators whole', () => {
    expect(splitSentences('It costs 3.50 euros. The room is 1.200 pesos.')).toEqual([
      'It costs 3.50 euros.',
      'The room is 1.200 pesos.',
    ]);
  });

  it('does not split after a title or common abbreviation', () => {
    expect(splitSentences('Ask Dr. Smith at St. Mary hospital. Mr. Brown knows.')).toEqual([
      'Ask Dr. Smith at St. Mary hospital.',
      'Mr. Brown knows.',
    ]);
    expect(splitSentences('Bring water, bread, etc. to the car. Then go.')).toEqual([
      'Bring water, bread, etc. to the car.',
      'Then go.',
    ]);
    expect(splitSentences('Wir treffen uns z. B. am Bahnhof. Bis dann.')).toEqual([
      'Wir treffen uns z. B. am Bahnhof.',
      'Bis dann.',
    ]);
  });

  it('does not split after an initial', () => {
    expect(splitSentences('The museum of J. R. Tolkien is closed. Sorry.')).toEqual([
      'The museum of J. R. Tolkien is closed.',
      'Sorry.',
    ]);
  });

  it('does not split before a word that starts in lower case', () => {
    expect(splitSentences('It opens at 9 a.m. and closes at 5 p.m. every day.')).toEqual([
      'It opens at 9 a.m. and closes at 5 p.m. every day.',
    ]);
  });

  it('keeps an ellipsis and closing quotes with their sentence', () => {
    expect(splitSentences('He said "wait here." Then... he left.')).toEqual([
      'He said "wait here."',
      'Then... he left.',
    ]);
  });

  it('splits after CJK, Arabic, Devanagari and Amharic sentence marks, with or without a space', () => {
    expect(splitSentences('駅はどこですか？ホテルの近くです。')).toEqual([
      '駅はどこですか？',
      'ホテルの近くです。',
    ]);
    expect(splitSentences('火车站在哪里？在酒店附近。')).toEqual(['火车站在哪里？', '在酒店附近。']);
    expect(splitSentences('أين المحطة؟ إنها قريبة.')).toEqual(['أين المحطة؟', 'إنها قريبة.']);
    expect(splitSentences('स्टेशन कहाँ है। यह पास है।')).toEqual(['स्टेशन कहाँ है।', 'यह पास है।']);
    expect(splitSentences('ጣቢያው የት ነው። ቅርብ ነው።')).toEqual(['ጣቢያው የት ነው።', 'ቅርብ ነው።']);
  });

  it('splits at line breaks and drops empty pieces', () => {
    expect(splitSentences('  First line\n\nSecond line  ')).toEqual(['First line', 'Second line']);
  });

  it('keeps text without any sentence mark as one sentence', () => {
    expect(splitSentences('where is the toilet')).toEqual(['where is the toilet']);
  });
});
