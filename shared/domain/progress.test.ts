import { describe, expect, it } from 'vitest';
import { nextAnalysisProgress, nextPhotoProgress } from './progress';

describe('nextAnalysisProgress', () => {
  it('adds 5 below 60', () => {
    expect(nextAnalysisProgress(0)).toBe(5);
    expect(nextAnalysisProgress(59)).toBe(64);
  });

  it('adds 2 from 60 and below 85', () => {
    expect(nextAnalysisProgress(60)).toBe(62);
    expect(nextAnalysisProgress(84)).toBe(86);
  });

  it('adds 1 from 85', () => {
    expect(nextAnalysisProgress(85)).toBe(86);
    expect(nextAnalysisProgress(93)).toBe(94);
  });

  it('never exceeds 95', () => {
    expect(nextAnalysisProgress(94)).toBe(95);
    expect(nextAnalysisProgress(95)).toBe(95);
  });

  it('reaches the cap from zero and stays there', () => {
    let value = 0;
    for (let tick = 0; tick < 100; tick += 1) value = nextAnalysisProgress(value);
    expect(value).toBe(95);
  });
});

describe('nextPhotoProgress', () => {
  it('adds 5 below 50', () => {
    expect(nextPhotoProgress(0)).toBe(5);
    expect(nextPhotoProgress(49)).toBe(54);
  });

  it('adds 3 from 50 and below 80', () => {
    expect(nextPhotoProgress(50)).toBe(53);
    expect(nextPhotoProgress(79)).toBe(82);
  });

  it('adds 1 from 80', () => {
    expect(nextPhotoProgress(80)).toBe(81);
  });

  it('never exceeds 95', () => {
    expect(nextPhotoProgress(94)).toBe(95);
    expect(nextPhotoProgress(95)).toBe(95);
  });
});
