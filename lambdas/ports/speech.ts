// Speech to text: the live socket's short-lived keys (Deepgram, or the local socket's signed keys).
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

export interface SpeechKeyRequest {
  /** The lease this key belongs to. */
  readonly leaseId: string;
  readonly subject: string;
  /** The lease's UTC day: with the id and the subject, the lease's key, for an issuer whose socket records use. */
  readonly day?: string;
  /** How long the key may open sockets (SPEECH_KEY_OPEN_SECONDS at most); the session itself may run on. */
  readonly ttlSeconds: number;
  /**
   * The Host header the caller reached the API on. An issuer that serves its own socket on the same origin
   * (the local cloud) builds the socket URL from it; a provider's issuer ignores it.
   */
  readonly host?: string;
}

export interface IssuedSpeechKey {
  readonly key: string;
  /** The live socket to open with the key. */
  readonly url: string;
  readonly ttlSeconds: number;
}

export interface SpeechKeys {
  /** A key for the live speech socket that stops opening sockets after `ttlSeconds`, and the socket's URL. */
  issue(request: SpeechKeyRequest): Promise<IssuedSpeechKey>;
}
