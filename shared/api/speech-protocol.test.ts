import { describe, expect, it } from 'vitest';
import { parseClientControl } from './speech-protocol';

describe('parseClientControl', () => {
  it('knows the three control messages and nothing else', () => {
    expect(parseClientControl('{"type":"KeepAlive"}')).toEqual({ type: 'KeepAlive' });
    expect(parseClientControl('{"type":"Finalize","channel":0}')).toEqual({ type: 'Finalize' });
    expect(parseClientControl('{"type":"CloseStream"}')).toEqual({ type: 'CloseStream' });
    expect(parseClientControl('{"type":"Shout"}')).toBeNull();
    expect(parseClientControl('not json')).toBeNull();
  });
});
