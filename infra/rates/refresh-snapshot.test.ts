import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refreshSnapshot, SNAPSHOT_FILE } from './refresh-snapshot';

// A local server in the ECB's place (this machine has no network): the script's own fetch, a real socket.
const feed = (date: string) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope><Cube><Cube time='${date}'>
<Cube currency='USD' rate='1.05'/><Cube currency='JPY' rate='160.1'/><Cube currency='GBP' rate='0.83'/>
</Cube></Cube></gesmes:Envelope>`;

let server: Server;
let answer: { status: number; body: string } = { status: 200, body: feed('2099-01-02') };
let directory: string;
let file: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'rates-'));
  file = join(directory, 'snapshot.json');
  copyFileSync(SNAPSHOT_FILE, file);
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

const url = await new Promise<string>((resolve) => {
  server = createServer((_request, response) => {
    response.writeHead(answer.status, { 'content-type': 'text/xml' });
    response.end(answer.body);
  }).listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const shippedDate = (JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as { date: string }).date;

describe('npm run rates:refresh', () => {
  it('replaces the snapshot with a newer day of the feed', async () => {
    answer = { status: 200, body: feed('2099-01-02') };
    expect(await refreshSnapshot({ url, file })).toEqual({
      outcome: 'refreshed',
      date: '2099-01-02',
      previous: shippedDate,
    });
    const written = JSON.parse(readFileSync(file, 'utf8')) as {
      date: string;
      perEuro: Record<string, number>;
    };
    expect(written.date).toBe('2099-01-02');
    expect(written.perEuro).toEqual({ USD: 1.05, JPY: 160.1, GBP: 0.83 });
  });

  it('keeps the snapshot when the feed is not newer', async () => {
    answer = { status: 200, body: feed('2001-01-01') };
    expect(await refreshSnapshot({ url, file })).toEqual({ outcome: 'unchanged', date: shippedDate });
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(SNAPSHOT_FILE, 'utf8'));
  });

  it('keeps the snapshot, without failing, when the feed is unreachable, refuses or sends something else', async () => {
    const before = readFileSync(file, 'utf8');
    const closed = `http://127.0.0.1:1/`;
    expect(await refreshSnapshot({ url: closed, file })).toMatchObject({
      outcome: 'kept',
      date: shippedDate,
    });
    answer = { status: 503, body: 'maintenance' };
    expect(await refreshSnapshot({ url, file })).toMatchObject({
      outcome: 'kept',
      reason: expect.stringMatching(/503/),
    });
    answer = { status: 200, body: '<html>maintenance</html>' };
    expect(await refreshSnapshot({ url, file })).toMatchObject({
      outcome: 'kept',
      reason: expect.stringMatching(/no dated Cube/),
    });
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
