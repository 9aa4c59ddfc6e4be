import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraFailureOf } from '../photo-model';

export type CameraStatus = 'idle' | 'pending' | 'granted' | 'denied' | 'error';

export interface CameraState {
  readonly status: CameraStatus;
  /** The message key of an 'error' status. */
  readonly message?: string;
}

// The back camera where there is one: menus and signs are in front of the traveller, not behind.
const CONSTRAINTS: MediaStreamConstraints = { video: { facingMode: 'environment' }, audio: false };

// docs/SPEC.md §4: leaving the page in any way releases the camera, so no live track outlives the screen.
const STOP_EVENTS = ['pagehide', 'beforeunload', 'unload', 'popstate'] as const;

/**
 * The live camera of docs/SPEC.md §4 (idle, pending, granted, denied). The stream is attached to the video the
 * returned ref points at, and hasFrame says when that video shows its first frame; it stops on stop(), on page hide, unload, popstate and when the screen unmounts (a
 * route change).
 */
export function useCamera() {
  const [state, setState] = useState<CameraState>({ status: 'idle' });
  // A granted camera shows nothing until its first frame arrives (a moment, longer on a busy phone): a capture
  // before it would have no picture, so the capture waits for this.
  const [hasFrame, setHasFrame] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  // A start still waiting for permission when the camera is stopped must not switch it back on.
  const attempt = useRef(0);

  const stop = useCallback(() => {
    attempt.current += 1;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState((current) =>
      current.status === 'granted' || current.status === 'pending' ? { status: 'idle' } : current,
    );
  }, []);

  const start = useCallback(async () => {
    stop();
    const mine = attempt.current;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState(cameraFailureOf('unsupported'));
      return;
    }
    setState({ status: 'pending' });
    try {
      const opened = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
      if (mine !== attempt.current) {
        for (const track of opened.getTracks()) track.stop();
        return;
      }
      stream.current = opened;
      setState({ status: 'granted' });
    } catch (error) {
      if (mine === attempt.current) setState(cameraFailureOf(error));
    }
  }, [stop]);

  useEffect(() => {
    const video = videoRef.current;
    if (state.status !== 'granted' || !video || !stream.current) return;
    const onFrame = () => setHasFrame(true);
    video.addEventListener('loadeddata', onFrame);
    video.srcObject = stream.current;
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) onFrame();
    // Autoplay of a muted inline video is allowed; a refusal leaves the first frame, which capture still reads.
    video.play().catch(() => undefined);
    return () => {
      video.removeEventListener('loadeddata', onFrame);
      setHasFrame(false);
    };
  }, [state.status]);

  useEffect(() => {
    const onLeave = () => stop();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') stop();
    };
    for (const name of STOP_EVENTS) window.addEventListener(name, onLeave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      for (const name of STOP_EVENTS) window.removeEventListener(name, onLeave);
      document.removeEventListener('visibilitychange', onVisibility);
      stop();
    };
  }, [stop]);

  return { state, hasFrame, videoRef, start, stop };
}
