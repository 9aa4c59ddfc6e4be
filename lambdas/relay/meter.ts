import { SPEECH_BYTES_PER_SECOND } from '@wayfarer/shared/constants';

/**
 * The audio one relayed session has forwarded, against the most it may (docs/DESIGN.md §9). A pure value: the
 * session (session.ts) asks `admit` about each chunk before it sends it on. 16 kHz mono PCM16 is 32,000 bytes a
 * second, so the bytes are the seconds, exactly, whatever the client says or however fast it sends.
 */
export interface Meter {
  /** Bytes of audio forwarded so far. */
  readonly bytes: number;
  /** The most it may forward: what is left of the allowance, in bytes; null for no allowance (a subscriber). */
  readonly limitBytes: number | null;
}

export const meterFor = (limitSeconds: number | null): Meter => ({
  bytes: 0,
  limitBytes: limitSeconds === null ? null : Math.floor(limitSeconds * SPEECH_BYTES_PER_SECOND),
});

/** Seconds the allowance still covers, to the tenth, never rounded up; null without one. */
export const secondsLeft = (meter: Meter): number | null =>
  meter.limitBytes === null
    ? null
    : Math.floor((Math.max(0, meter.limitBytes - meter.bytes) / SPEECH_BYTES_PER_SECOND) * 10) / 10;

/** Seconds of audio the meter has counted, to the millisecond. */
export const meteredSeconds = (meter: Meter): number =>
  Math.round((meter.bytes / SPEECH_BYTES_PER_SECOND) * 1000) / 1000;

export interface Admission {
  /** How many of the chunk's bytes go on: all of them, or what the allowance still covers. */
  readonly forward: number;
  readonly meter: Meter;
  /** The allowance is used up: nothing more goes on, and the session ends. */
  readonly spent: boolean;
}

/**
 * A chunk of `chunkBytes` arrives: forward what the allowance covers and count it. An odd byte that would split a
 * sample is forwarded with it (the limit is rounded to whole samples by the caller's chunking, not here).
 */
export function admit(meter: Meter, chunkBytes: number): Admission {
  if (meter.limitBytes === null)
    return { forward: chunkBytes, meter: { ...meter, bytes: meter.bytes + chunkBytes }, spent: false };
  const room = Math.max(0, meter.limitBytes - meter.bytes);
  const forward = Math.min(room, chunkBytes);
  const bytes = meter.bytes + forward;
  return { forward, meter: { ...meter, bytes }, spent: bytes >= meter.limitBytes };
}
