import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDeepgramKeys } from '../adapters/cloud/deepgram-keys';
import { startScriptedDeepgramServer, type ScriptedDeepgramServer } from './scripted-deepgram-server';

let server: ScriptedDeepgramServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function listen(url: string, key: string) {
  const messages: Record<string, unknown>[] = [];
  const socket = new WebSocket(url, ['token', key]);
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve) => socket.on('open', () => resolve()));
  return { socket, messages, closed, opened };
}

describe('scripted Deepgram-style server', () => {
  it('issues a temporary key through the Deepgram key adapter and replays phrases with languages as audio arrives', async () => {
    server = await startScriptedDeepgramServer({
      script: [
        { text: 'Where is the station?', language: 'en', afterAudioSeconds: 0.5 },
        { text: 'Au bout de la rue.', language: 'fr', afterAudioSeconds: 0.5 },
      ],
    });
    const keys = createDeepgramKeys({ apiKey: 'k', baseUrl: server.url, listenUrl: server.listenUrl });
    const issued = await keys.issue({ leaseId: 'l', subject: 's', ttlSeconds: 30 });
    const client = listen(issued.url, issued.key);
    await client.opened;
    // Half a second of 16 kHz linear16 releases one phrase.
    client.socket.send(Buffer.alloc(16_000));
    client.socket.send(Buffer.alloc(16_000));
    client.socket.send(JSON.stringify({ type: 'CloseStream' }));
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
  });

  it('refuses a key it did not issue with 1008, as Deepgram does', async () => {
    server = await startScriptedDeepgramServer({ script: [] });
    const client = listen(server.listenUrl, 'made-up');
    expect(await client.closed).toBe(1008);
  });

  it('releases nothing while only KeepAlive arrives (muted capture)', async () => {
    server = await startScriptedDeepgramServer({
      script: [{ text: 'Hello', language: 'en', afterAudioSeconds: 0.1 }],
    });
    const issued = await createDeepgramKeys({
      apiKey: 'k',
      baseUrl: server.url,
      listenUrl: server.listenUrl,
    }).issue({
      leaseId: 'l',
      subject: 's',
      ttlSeconds: 30,
    });
    const client = listen(issued.url, issued.key);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'KeepAlive' }));
    client.socket.send(JSON.stringify({ type: 'CloseStream' }));
    await client.closed;
    expect(client.messages.map((message) => message.type)).toEqual(['Metadata']);
  });

  it('with fromFirstSpeech, hears nothing in silence and counts audio from the first loud sample', async () => {
    server = await startScriptedDeepgramServer({
      script: [{ text: 'Hello', language: 'en', afterAudioSeconds: 0.5 }],
      fromFirstSpeech: true,
    });
    const issued = await createDeepgramKeys({
      apiKey: 'k',
      baseUrl: server.url,
      listenUrl: server.listenUrl,
    }).issue({ leaseId: 'l', subject: 's', ttlSeconds: 30 });
    const client = listen(issued.url, issued.key);
    await client.opened;
    // A second of silence: nothing.
    client.socket.send(Buffer.alloc(32_000));
    const speech = Buffer.alloc(16_000);
    speech.writeInt16LE(8_000, 0);
    // Then half a second from the first loud sample: the phrase.
    client.socket.send(speech);
    client.socket.send(JSON.stringify({ type: 'CloseStream' }));
    await client.closed;
    const finals = client.messages.filter((message) => message.is_final === true);
    expect(finals).toHaveLength(1);
  });

  it('answers Aura speech (linear16, no container) with a tone, so English and Spanish voices work locally', async () => {
    server = await startScriptedDeepgramServer({ script: [] });
    const answer = await fetch(`${server.url}/v1/speak?encoding=linear16&container=none`, {
      method: 'POST',
      headers: { authorization: 'Token k', 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello' }),
    });
    expect(answer.status).toBe(200);
    expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});
