/**
 * The local cloud's shutdown, stage by stage: no new requests, then deliveries drained (they need the table), then
 * the servers, then the guard that would otherwise kill them, then the environment as it was. Each part registers
 * its own stop as it starts, so a start that fails half-way stops exactly what it started.
 */
export const SHUTDOWN_STAGES = { gateway: 0, bus: 1, servers: 2, guard: 3, env: 4 } as const;
export type ShutdownStage = keyof typeof SHUTDOWN_STAGES;

export interface StagedShutdown {
  onStop(stage: ShutdownStage, run: () => Promise<void> | void): void;
  /** Runs every stop registered so far, stage by stage (those of one stage together); a failure is reported, not thrown. */
  run(): Promise<void>;
}

export function stagedShutdown(onError: (error: unknown) => void): StagedShutdown {
  const cleanups: { stage: number; run: () => Promise<void> | void }[] = [];
  return {
    onStop: (stage, run) => {
      cleanups.push({ stage: SHUTDOWN_STAGES[stage], run });
    },
    run: async () => {
      const pending = cleanups.splice(0);
      for (const stage of Object.values(SHUTDOWN_STAGES)) {
        await Promise.all(
          pending
            .filter((cleanup) => cleanup.stage === stage)
            .map((cleanup) => Promise.resolve().then(cleanup.run).catch(onError)),
        );
      }
    },
  };
}
