import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDeepgramListen } from '../adapters/cloud/deepgram-listen';
import type { ListenDownstream } from '../ports/speech';
import {
  SCRIPTED_DEEPGRAM_KEY,
  startScriptedDeepgramServer,
  type ScriptedDeepgramServer,
} from './scripted-deepgram-server';

let server: ScriptedDeepgramServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const QUERY = new URLSearchParams({ encoding: 'linear16', sample_rate: '16000', language: 'multi' });

/** A stream through the relay's Deepgram adapter, collecting what comes back. */
function stream(listenUrl: string, apiKey = SCRIPTED_DEEPGRAM_KEY) {
  const messages: Record<string, unknown>[] = [];
  let closedWith: ((code: number) => void) | undefined;
  const closed = new Promise<number>((resolve) => (closedWith = resolve));
  const downstream: ListenDownstream = {
    message: (text) => messages.push(JSON.parse(text) as Record<string, unknown>),
    closed: (code) => closedWith?.(code),
  };
  const upstream = createDeepgramListen({ apiKey, listenUrl }).open(QUERY, downstream);
  return { upstream, messages, closed };
}

describe('scripted Deepgram-style server', () => {
  it('takes the server key in the Authorization header and replays phrases with languages as audio arrives', async () => {
    server = await startScriptedDeepgramServer({
      script: [
        { text: 'Where is the station?', language: 'en', afterAudioSeconds: 0.5 },
        { text: 'Au bout de la rue.', language: 'fr', afterAudioSeconds: 0.5 },
      ],
    });
    const client = stream(server.listenUrl);
    // Half a second of 16 kHz linear16 releases one phrase; audio sent before the socket opens is kept for it.
    client.upstream.audio(Buffer.alloc(16_000));
    client.upstream.audio(Buffer.alloc(16_000));
    client.upstream.control(JSON.stringify({ type: 'CloseStream' }));
    expect(await client.closed).toBe(1000);
    const finals = client.messages.filter((message) => message.is_final === true) as {
      channel: { alternatives: { transcript: string; languages: string[]; words: { language: string }[] }[] };
    }[];
    expect(finals.map((message) => message.channel.alternatives[0]!.transcript)).toEqual([
      'Where is the station?',
      'Au bout de la rue.',
    ]);
    expect(finals.map((message) => message.channel.alternatives[0]!.languages)).toEqual([['en'], ['fr']]);
    expect(finals[1]!.channel.alternatives[0]!.words.every((word) => word.language === 'fr')).toBe(true);
    expect(client.messages.at(-1)?.type).toBe('Metadata');
    expect(server.keysSeen).toEqual([SCRIPTED_DEEPGRAM_KEY]);
    expect(server.handshakes[0]!.authorization).toBe(`Token ${SCRIPTED_DEEPGRAM_KEY}`);
  });

  it('refuses any other key at the handshake, which the adapter reports as an internal error (1011)', async () => {
    server = await startScriptedDeepgramServer({ script: [] });
    expect(await stream(server.listenUrl, 'made-up').closed).toBe(1011);
  });

  it('a faulted handshake (503) ends the stream with 1011, never the provider words', async () => {
    server = await startScriptedDeepgramServer({ script: [] });
    server.fault({ kind: 'status', status: 503 });
    expect(await stream(server.listenUrl).closed).toBe(1011);
  });

  it('releases nothing while only KeepAlive arrives (muted capture)', async () => {
    server = await startScriptedDeepgramServer({
      script: [{ text: 'Hello', language: 'en', afterAudioSeconds: 0.1 }],
    });
    const socket = new WebSocket(server.listenUrl, {
      headers: { Authorization: `Token ${SCRIPTED_DEEPGRAM_KEY}` },
    });
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise<void>((resolve) => socket.on('open', () => resolve()));
    for (let i = 0; i < 5; i++) socket.send(JSON.stringify({ type: 'KeepAlive' }));
    socket.send(JSON.stringify({ type: 'CloseStream' }));
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    expect(messages.filter((message) => (message as { type?: string }).type === 'Results')).toEqual([]);
  });

  it('with fromFirstSpeech, hears nothing in silence and counts audio from the first loud sample', async () => {
    server = await startScriptedDeepgramServer({
      script: [{ text: 'Hello', language: 'en', afterAudioSeconds: 0.5 }],
      fromFirstSpeech: true,
    });
    const client = stream(server.listenUrl);
    // A second of silence: nothing.
    client.upstream.audio(Buffer.alloc(32_000));
    const speech = Buffer.alloc(16_000);
    speech.writeInt16LE(8_000, 0);
    // Then half a second from the first loud sample: the phrase.
    client.upstream.audio(speech);
    client.upstream.control(JSON.stringify({ type: 'CloseStream' }));
    await client.closed;
    const finals = client.messages.filter((message) => message.is_final === true);
    expect(finals).toHaveLength(1);
  });

  it('answers Aura speech (linear16, no container) with a tone, so English and Spanish voices work locally', async () => {
    server = await startScriptedDeepgramServer({ script: [] });
    const answer = await fetch(`${server.url}/v1/speak?encoding=linear16&container=none`, {
      method: 'POST',
      headers: { authorization: `Token ${SCRIPTED_DEEPGRAM_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello' }),
    });
    expect(answer.status).toBe(200);
    expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});
