import { describe, expect, it } from 'vitest';
import { checkJava, parseJavaMajor, PrerequisiteError } from './preflight';

describe('parseJavaMajor', () => {
  it('reads modern and legacy version strings', () => {
    expect(parseJavaMajor('openjdk version "17.0.15" 2025-04-15')).toBe(17);
    expect(parseJavaMajor('openjdk version "25" 2025-09-16')).toBe(25);
    expect(parseJavaMajor('java version "1.8.0_372"')).toBe(8);
  });

  it('gives undefined for output it does not recognise', () => {
    expect(parseJavaMajor('command not found')).toBeUndefined();
  });
});

describe('checkJava', () => {
  it('explains how to install Java when the command does not exist', async () => {
    await expect(checkJava('/nonexistent/bin/java')).rejects.toThrow(PrerequisiteError);
    await expect(checkJava('/nonexistent/bin/java')).rejects.toThrow(/Java was not found.*17 or newer/);
  });
});
