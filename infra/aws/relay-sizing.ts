/*
 * The speech relay's sizing and draining figures (stacks/relay-stack.ts deploys them, cost-model/relay-cost.ts
 * prices them): a module of plain numbers, so the cost model runs without the CDK.
 */

/**
 * One relay task and what it is sized for (docs/DESIGN.md §2, docs/OPERATIONS.md "Cost and scale"). A speaker
 * is 16 kHz PCM16 in 20 ms frames: 32 KB/s and 50 frames a second in, the same frames out to Deepgram over TLS,
 * a few small JSON results back. 100 speakers are 5,000 frames a second each way and 3.2 MB/s through half a
 * vCPU: an estimate, not a measurement, to be replaced by a capacity bench against the relay. The relay refuses
 * the next socket above `maxSessions` (RELAY_MAX_SESSIONS); scaling aims at `targetSessions` a task, so a task
 * fills to its limit only while new tasks start.
 */
export const RELAY_TASK = {
  cpu: 512,
  memoryMiB: 1024,
  maxSessions: 100,
  targetSessions: 70,
  targetCpuPercent: 60,
} as const;

/**
 * Draining (docs/DESIGN.md §2, "The speech relay"). ECS takes a task out of the target group first and sends
 * SIGTERM only once the deregistration delay has passed (or no connection is left), so the relay also watches its
 * task's desired status (metadata endpoint, every `statusPollSeconds`) and starts draining on either signal: new
 * upgrades refused (1013), open sessions given `drainSeconds` (RELAY_DRAIN_SECONDS), then closed with 1012. The
 * deregistration delay covers the poll, the drain and a margin, so the load balancer never cuts a session the relay
 * is still draining; the stop timeout covers the drain for a SIGTERM that comes first (a task stopped by hand).
 */
export const RELAY_DRAIN = {
  drainSeconds: 30,
  statusPollSeconds: 5,
  deregistrationDelaySeconds: 45,
  stopTimeoutSeconds: 40,
} as const;
