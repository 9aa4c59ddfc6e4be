import { describe, expect, it } from 'vitest';
import { EAGER_END_OF_TURN_SILENCE_SECONDS } from '@wayfarer/shared/api/speech-protocol';
import { SAMPLE_RATE, VAD_FRAME_SAMPLES as FRAME } from './pcm-frames';
import {
  DEFAULT_SEGMENTER_SETTINGS as SETTINGS,
  frameVoice,
  initialSegmenterState,
  isDecodeWanted,
  oldestSampleNeeded,
  pauseFrames,
  segmenterReducer,
  type FrameVoice,
  type SegmenterAction,
  type SegmenterEvent,
  type SegmenterOptions,
  type SegmenterState,
} from './segmenter';

// One frame is 512 samples (32 ms). With the defaults: 4 speech frames confirm a phrase, 5 frames of pre-roll
// plus the first speech frame open it, 2 silent frames start the speculative decode, 300 ms of endpointing is
// 9 silent frames (the nearest whole number), an interim every 500 ms is every 16 frames, and 1200 ms of utterance end is 38 frames.

/** The app's query (docs/DESIGN.md §7). */
const APP: SegmenterOptions = {
  interimResults: true,
  endpointingMs: 300,
  utteranceEndMs: 1200,
  vadEvents: false,
};

const frames = (voice: FrameVoice, count: number): SegmenterEvent[] =>
  Array.from({ length: count }, () => ({ type: 'frame', voice }));
const speech = (count: number) => frames('speech', count);
const silence = (count: number) => frames('silence', count);

function run(state: SegmenterState, ...events: SegmenterEvent[]) {
  const actions: SegmenterAction[] = [];
  for (const event of events) {
    const step = segmenterReducer(state, event);
    state = step.state;
    actions.push(...step.actions);
  }
  return { state, actions };
}

function start(options: Partial<SegmenterOptions> = {}, ...events: SegmenterEvent[]) {
  return run(initialSegmenterState({ ...APP, ...options }), ...events);
}

const ofType = <T extends SegmenterAction['type']>(actions: SegmenterAction[], type: T) =>
  actions.filter((action): action is Extract<SegmenterAction, { type: T }> => action.type === type);

const words = (text: string) => ({ text, confidence: 0.9 });

describe('VAD decisions', () => {
  it('a frame at or above the speech threshold is speech, below the silence threshold silence, else unsure', () => {
    expect(frameVoice(0.5, SETTINGS)).toBe('speech');
    expect(frameVoice(0.34, SETTINGS)).toBe('silence');
    expect(frameVoice(0.4, SETTINGS)).toBe('unsure');
  });

  it('unsure frames neither extend the speech nor count toward the pause', () => {
    const { state } = start({}, ...speech(4), ...silence(2), ...frames('unsure', 20));
    expect(state.open).toMatchObject({ speechFrames: 4, silenceFrames: 2, lastSpeechEnd: 4 * FRAME });
  });
});

describe('Opening a phrase', () => {
  it('a speech frame opens a segment that starts up to preRollFrames before it', () => {
    const { state } = start({}, ...silence(20), ...speech(1));
    expect(state.open).toMatchObject({
      start: (20 - SETTINGS.preRollFrames) * FRAME,
      firstSpeech: 20 * FRAME,
    });
  });

  it('pre-roll never reaches back into the phrase before', () => {
    const closed = start({}, ...speech(4), ...silence(9));
    expect(ofType(closed.actions, 'decode-final')).toHaveLength(1);
    const { state } = run(closed.state, ...silence(2), ...speech(1));
    expect(state.open?.start).toBe(13 * FRAME);
  });

  it('fewer than minSpeechFrames of speech ended by a pause is dropped, and stays available as pre-roll', () => {
    const dropped = start({}, ...speech(3), ...silence(10));
    expect(dropped.state.open).toBeUndefined();
    expect(dropped.actions).toEqual([]);
    const { state } = run(dropped.state, ...speech(1));
    expect(state.open?.start).toBe((14 - SETTINGS.preRollFrames - 1) * FRAME);
  });

  it('with vad_events, SpeechStarted goes out when the phrase is confirmed, stamped at its first speech frame', () => {
    const early = start({ vadEvents: true }, ...silence(10), ...speech(3));
    expect(early.actions).toEqual([]);
    const { actions } = run(early.state, ...speech(1));
    expect(actions).toEqual([{ type: 'send-speech-started', firstSpeech: 10 * FRAME }]);
  });

  it('without vad_events, no SpeechStarted', () => {
    expect(ofType(start({}, ...speech(10)).actions, 'send-speech-started')).toEqual([]);
  });
});

describe('Endpointing', () => {
  it('a pause is the nearest whole number of 32 ms VAD frames: 300 ms is 9 (288 ms), 1000 ms is 31', () => {
    expect(pauseFrames(300)).toBe(9);
    expect(pauseFrames(1000)).toBe(31);
    expect(pauseFrames(10)).toBe(1);
  });

  it('endpointing ms of silence closes a confirmed phrase with speech_final, decoding through the kept tail', () => {
    const paused = start({}, ...speech(20), ...silence(8));
    expect(ofType(paused.actions, 'decode-final')).toEqual([]);
    const { state, actions } = run(paused.state, ...silence(1));
    expect(state.open).toBeUndefined();
    const [final] = ofType(actions, 'decode-final');
    expect(final).toMatchObject({ start: 0, end: (20 + SETTINGS.speculateAfterFrames) * FRAME });
    expect(state.closing.get(final!.segmentId)?.final).toEqual({
      end: final!.end,
      speechFinal: true,
      fromFinalize: false,
    });
  });

  it('with endpointing=false, a 1000 ms pause closes the phrase without speech_final', () => {
    const paused = start({ endpointingMs: false }, ...speech(20), ...silence(30));
    expect(ofType(paused.actions, 'decode-final')).toEqual([]);
    const { state, actions } = run(paused.state, ...silence(1));
    const [final] = ofType(actions, 'decode-final');
    // The speculative decode after the first silent frames still stands: nothing was said after it.
    expect(final?.end).toBe((20 + SETTINGS.speculateAfterFrames) * FRAME);
    expect(state.closing.get(final!.segmentId)?.final?.speechFinal).toBe(false);
  });

  it('a phrase longer than maxSegmentMs is cut into a final without speech_final', () => {
    const limitFrames = Math.ceil(((SETTINGS.maxSegmentMs / 1000) * 16000) / FRAME);
    const { state, actions } = start({ interimResults: false }, ...speech(limitFrames));
    const [final] = ofType(actions, 'decode-final');
    expect(final).toMatchObject({ start: 0, end: limitFrames * FRAME });
    expect(state.closing.get(final!.segmentId)?.final?.speechFinal).toBe(false);
  });
});

describe('Speculative decoding', () => {
  it('speculateAfterFrames of silence decode the phrase ahead, and the final reuses that decode', () => {
    const { state, actions } = start({}, ...speech(20), ...silence(10));
    const [speculation] = ofType(actions, 'decode-speculative');
    expect(speculation).toMatchObject({ start: 0, end: (20 + SETTINGS.speculateAfterFrames) * FRAME });
    expect(ofType(actions, 'decode-final')[0]).toMatchObject({
      end: (20 + SETTINGS.speculateAfterFrames) * FRAME,
      speculationId: speculation!.speculationId,
    });
    expect(isDecodeWanted(state, { ...speculation!, type: 'speculative' })).toBe(true);
  });

  it('speech resuming makes the speculation stale, and the final decodes afresh', () => {
    const speculated = start({}, ...speech(20), ...silence(SETTINGS.speculateAfterFrames));
    const [speculation] = ofType(speculated.actions, 'decode-speculative');
    const resumed = run(speculated.state, ...speech(1));
    expect(isDecodeWanted(resumed.state, { ...speculation!, type: 'speculative' })).toBe(false);
    const { actions } = run(resumed.state, ...silence(SETTINGS.speculateAfterFrames - 1), { type: 'finalize' });
    expect(ofType(actions, 'decode-final')[0]?.speculationId).toBeUndefined();
  });
});

describe('Eager end of turn', () => {
  const speculate = (options: Partial<SegmenterOptions> = {}) => {
    const speculated = start(options, ...speech(20), ...silence(SETTINGS.speculateAfterFrames));
    const [speculation] = ofType(speculated.actions, 'decode-speculative');
    const decoded = (state: SegmenterState, text = 'a doctor') =>
      run(state, {
        type: 'speculation-decoded',
        segmentId: speculation!.segmentId,
        speculationId: speculation!.speculationId,
        transcript: words(text),
      });
    return { ...speculated, speculation: speculation!, decoded };
  };

  it('a speculation ready while its phrase is open goes out as an interim ending EAGER_END_OF_TURN_SILENCE_SECONDS or more past its last speech', () => {
    const { state, decoded } = speculate();
    const [eager] = ofType(decoded(state).actions, 'send-results');
    expect(eager).toMatchObject({ isFinal: false, speechFinal: false, transcript: words('a doctor') });
    expect(eager!.span.end).toBe((20 + SETTINGS.speculateAfterFrames) * FRAME);
    const trailingSeconds = (eager!.span.end - eager!.span.lastSpeechEnd) / SAMPLE_RATE;
    expect(trailingSeconds).toBeGreaterThanOrEqual(EAGER_END_OF_TURN_SILENCE_SECONDS);
  });

  it('the final after an eager end of turn reuses its decode: the same words', () => {
    const { state, speculation, decoded } = speculate();
    const { actions } = run(decoded(state).state, ...silence(7));
    expect(ofType(actions, 'decode-final')[0]?.speculationId).toBe(speculation.speculationId);
  });

  it('no eager end of turn once speech resumed, once the phrase closed, without interim_results, or with no words', () => {
    const resumed = speculate();
    expect(ofType(resumed.decoded(run(resumed.state, ...speech(1)).state).actions, 'send-results')).toEqual([]);
    const closed = speculate();
    expect(ofType(closed.decoded(run(closed.state, ...silence(7)).state).actions, 'send-results')).toEqual([]);
    const quiet = speculate({ interimResults: false });
    expect(ofType(quiet.decoded(quiet.state).actions, 'send-results')).toEqual([]);
    const empty = speculate();
    expect(ofType(empty.decoded(empty.state, '').actions, 'send-results')).toEqual([]);
  });
});

describe('Interim results', () => {
  it('with interim_results, an open phrase is re-decoded every interimIntervalMs of speech', () => {
    const { actions } = start({}, ...speech(4 + 16 + 16));
    expect(ofType(actions, 'decode-interim').map((action) => action.end / FRAME)).toEqual([17, 33]);
  });

  it('no interim decode during a pause or without interim_results', () => {
    const paused = start({}, ...speech(4), ...silence(1), ...frames('unsure', 20));
    expect(ofType(paused.actions, 'decode-interim')).toEqual([]);
    expect(ofType(start({ interimResults: false }, ...speech(40)).actions, 'decode-interim')).toEqual([]);
  });

  it('an interim with words is sent unless a newer one was sent first', () => {
    const { state } = start({}, ...speech(4 + 32));
    const [first, second] = [17 * FRAME, 33 * FRAME];
    const id = state.open!.id;
    const newer = run(state, {
      type: 'interim-decoded',
      segmentId: id,
      end: second,
      transcript: words('I need'),
    });
    expect(ofType(newer.actions, 'send-results')[0]).toMatchObject({
      span: { start: 0, end: second, firstSpeech: 0 },
      isFinal: false,
      speechFinal: false,
    });
    const older = run(newer.state, {
      type: 'interim-decoded',
      segmentId: id,
      end: first,
      transcript: words('I'),
    });
    expect(older.actions).toEqual([]);
    const empty = run(state, { type: 'interim-decoded', segmentId: id, end: second, transcript: words('') });
    expect(empty.actions).toEqual([]);
  });

  it('an interim decode is stale once its phrase closes, and one that finishes after its final is not sent', () => {
    const open = start({}, ...speech(20));
    const id = open.state.open!.id;
    const closed = run(open.state, { type: 'finalize' });
    expect(isDecodeWanted(closed.state, { type: 'interim', segmentId: id })).toBe(false);
    const delivered = run(closed.state, {
      type: 'final-decoded',
      segmentId: id,
      transcript: words('I need'),
    });
    const late = run(delivered.state, {
      type: 'interim-decoded',
      segmentId: id,
      end: 17 * FRAME,
      transcript: words('I'),
    });
    expect(late.actions).toEqual([]);
  });
});

describe('Finalize and CloseStream', () => {
  it('Finalize closes the open phrase as from_finalize, without speech_final', () => {
    const { state, actions } = start({}, ...speech(20), { type: 'finalize' });
    const [final] = ofType(actions, 'decode-final');
    expect(final).toMatchObject({ start: 0, end: 20 * FRAME });
    expect(state.closing.get(final!.segmentId)?.final).toMatchObject({
      speechFinal: false,
      fromFinalize: true,
    });
  });

  it('Finalize with no confirmed phrase asks for nothing', () => {
    expect(start({}, ...speech(3), { type: 'finalize' }).actions).toEqual([]);
    expect(start({}, { type: 'finalize' }).actions).toEqual([]);
  });

  it('CloseStream closes the open phrase without speech_final or from_finalize', () => {
    const { state, actions } = start({}, ...speech(20), { type: 'close-stream' });
    const [final] = ofType(actions, 'decode-final');
    expect(state.closing.get(final!.segmentId)?.final).toMatchObject({
      speechFinal: false,
      fromFinalize: false,
    });
  });
});

describe('Final results', () => {
  it('a decoded final is sent with the flags its phrase closed with', () => {
    const closed = start({}, ...speech(20), ...silence(10));
    const [final] = ofType(closed.actions, 'decode-final');
    const { state, actions } = run(closed.state, {
      type: 'final-decoded',
      segmentId: final!.segmentId,
      transcript: words('I need a doctor'),
    });
    expect(ofType(actions, 'send-results')).toEqual([
      {
        type: 'send-results',
        span: { start: 0, end: (20 + SETTINGS.speculateAfterFrames) * FRAME, firstSpeech: 0, lastSpeechEnd: 20 * FRAME },
        transcript: words('I need a doctor'),
        isFinal: true,
        speechFinal: true,
        fromFinalize: false,
      },
    ]);
    expect(state.closing.size).toBe(0);
  });

  it('an empty final is sent only when interims showed words for its phrase', () => {
    const open = start({}, ...speech(20));
    const id = open.state.open!.id;
    const silent = run(
      open.state,
      { type: 'finalize' },
      { type: 'final-decoded', segmentId: id, transcript: words('') },
    );
    expect(silent.actions).toHaveLength(1);
    expect(ofType(silent.actions, 'send-results')).toEqual([]);

    const withInterim = run(
      open.state,
      { type: 'interim-decoded', segmentId: id, end: 17 * FRAME, transcript: words('um') },
      { type: 'finalize' },
      { type: 'final-decoded', segmentId: id, transcript: words('') },
    );
    expect(ofType(withInterim.actions, 'send-results').map((action) => action.isFinal)).toEqual([
      false,
      true,
    ]);
  });

  it('a failed final sends nothing', () => {
    const open = start({}, ...speech(20));
    const id = open.state.open!.id;
    const { actions } = run(
      open.state,
      { type: 'finalize' },
      { type: 'final-decoded', segmentId: id, transcript: null },
    );
    expect(ofType(actions, 'send-results')).toEqual([]);
  });
});

describe('UtteranceEnd', () => {
  function spokenAndFinal(options: Partial<SegmenterOptions> = {}) {
    const closed = start(options, ...speech(20), ...silence(10));
    const [final] = ofType(closed.actions, 'decode-final');
    return run(closed.state, {
      type: 'final-decoded',
      segmentId: final!.segmentId,
      transcript: words('Hello'),
    });
  }

  it('follows a final with words once utterance_end_ms of audio passed since its last word', () => {
    const delivered = spokenAndFinal();
    // The last word ended at frame 20; 1200 ms is 37.5 frames, so frame 58 is the first far enough.
    const waiting = run(delivered.state, ...silence(27));
    expect(ofType(waiting.actions, 'send-utterance-end')).toEqual([]);
    const { actions } = run(waiting.state, ...silence(1));
    expect(actions).toEqual([{ type: 'send-utterance-end', lastWordEnd: 20 * FRAME }]);
    expect(ofType(run(waiting.state, ...silence(20)).actions, 'send-utterance-end')).toHaveLength(1);
  });

  it('a new confirmed phrase before the gap cancels it', () => {
    const { state } = spokenAndFinal();
    const { actions } = run(state, ...speech(4), ...silence(60));
    expect(ofType(actions, 'send-utterance-end')).toHaveLength(0);
  });

  it('not sent without utterance_end_ms, nor after an empty final', () => {
    expect(
      ofType(
        run(spokenAndFinal({ utteranceEndMs: null }).state, ...silence(60)).actions,
        'send-utterance-end',
      ),
    ).toEqual([]);
    const closed = start({}, ...speech(20), ...silence(10));
    const [final] = ofType(closed.actions, 'decode-final');
    const empty = run(closed.state, {
      type: 'final-decoded',
      segmentId: final!.segmentId,
      transcript: words(''),
    });
    expect(ofType(run(empty.state, ...silence(60)).actions, 'send-utterance-end')).toEqual([]);
  });
});

describe('Audio kept', () => {
  it('the open phrase from its start, else the pre-roll window', () => {
    expect(oldestSampleNeeded(start({}, ...silence(20)).state)).toBe(
      (20 - SETTINGS.preRollFrames - 1) * FRAME,
    );
    expect(oldestSampleNeeded(start({}, ...silence(20), ...speech(30)).state)).toBe(15 * FRAME);
    expect(oldestSampleNeeded(start({}, ...speech(20), { type: 'finalize' }).state)).toBe(20 * FRAME);
  });
});
