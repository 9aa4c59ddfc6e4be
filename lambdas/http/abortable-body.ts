import { Readable } from 'node:stream';

/**
 * A streamed response body pulled from `source` one chunk per read, so nothing is buffered ahead of the
 * client. When the body is destroyed (the client went away, and the runtime or the local gateway tore down
 * the response) `onClose` runs at once: a Readable.from body would first wait for the producer's pending
 * chunk, which is the upstream request we want to cancel.
 */
export function abortableBody(source: AsyncIterable<string | Uint8Array>, onClose: () => void): Readable {
  const iterator = source[Symbol.asyncIterator]();
  return new Readable({
    read() {
      iterator.next().then(
        (result) => this.push(result.done ? null : result.value),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    destroy(error, callback) {
      onClose();
      callback(error);
    },
  });
}
