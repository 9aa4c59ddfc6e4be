/**
 * Per streaming invocation (keyed by its event), a signal aborted when the response stream closes or fails: the
 * client went away (the local gateway destroys the stream then), or the stream ended. A handler still waiting
 * for its upstream's first token is otherwise never told, since nothing is piped into the response yet
 * (no request runs on with no listener).
 */
const signals = new WeakMap<object, AbortSignal>();

/** Watches `responseStream` for the invocation of `event`. */
export function watchResponse(event: object, responseStream: NodeJS.WritableStream): void {
  const controller = new AbortController();
  const abort = () => controller.abort();
  responseStream.once('close', abort);
  // Also keeps a stream destroyed before anything is piped into it from failing the process.
  responseStream.on('error', abort);
  signals.set(event, controller.signal);
}

export function responseGoneSignal(event: object): AbortSignal | undefined {
  return signals.get(event);
}

/** The client went away before the handler answered: a failure now is the cancellation, not a fault. */
export function isResponseGone(event: object): boolean {
  return signals.get(event)?.aborted === true;
}
