import { describe, expect, it } from 'vitest';
import { scaledSize } from './prepare-photo';

describe('a photo is scaled down on the device before upload', () => {
  it('a 12 MP phone photo comes down to 2,000 px on its long side, keeping its shape', () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: 2000, height: 1500 });
    expect(scaledSize(3024, 4032)).toEqual({ width: 1500, height: 2000 });
  });

  it('a smaller photo (a camera frame) keeps its size', () => {
    expect(scaledSize(1280, 720)).toEqual({ width: 1280, height: 720 });
  });
});
