import { describe, expect, it } from 'vitest';
import { nextJob, type DecodeJob, type DecodePriority } from './speech-engine';

const job = (streamId: number, priority: DecodePriority): DecodeJob => ({
  streamId,
  priority,
  audio: new Float32Array(0),
});

const queues = (jobs: DecodeJob[]) => ({
  finals: jobs.filter((entry) => entry.priority === 'final'),
  speculative: new Map(
    jobs.filter((entry) => entry.priority === 'speculative').map((entry) => [entry.streamId, entry]),
  ),
  interims: new Map(
    jobs.filter((entry) => entry.priority === 'interim').map((entry) => [entry.streamId, entry]),
  ),
});

describe('nextJob: which waiting decode a free worker takes', () => {
  it('a final goes first, then a speculative decode, then an interim', () => {
    const interim = job(1, 'interim');
    const speculative = job(2, 'speculative');
    const final = job(3, 'final');
    expect(nextJob(queues([interim, speculative, final]), new Set())).toBe(final);
    expect(nextJob(queues([interim, speculative]), new Set())).toBe(speculative);
    expect(nextJob(queues([interim]), new Set())).toBe(interim);
  });

  it("a stream's interim waits while another decode of that stream runs: one socket never holds both workers for interims", () => {
    const first = job(1, 'interim');
    const second = job(2, 'interim');
    expect(nextJob(queues([first, second]), new Set([1]))).toBe(second);
    expect(nextJob(queues([first]), new Set([1]))).toBeUndefined();
  });

  it("a speculative decode or a final runs beside its own stream's running decode", () => {
    const speculative = job(1, 'speculative');
    expect(nextJob(queues([speculative]), new Set([1]))).toBe(speculative);
    const final = job(1, 'final');
    expect(nextJob(queues([final]), new Set([1]))).toBe(final);
  });
});
