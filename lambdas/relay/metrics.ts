/**
 * What the relay counts for its alarms (docs/OPERATIONS.md): each as a CloudWatch embedded-metric-format line in
 * production (namespace Wayfarer/Relay, dimension Stage), nothing locally.
 */
export interface RelayMetrics {
  /** A socket refused because the relay was full or draining. */
  connectionRefused(): void;
  /** The provider refused or broke a stream. */
  providerError(): void;
  /** Sessions open now, after one opened or closed. */
  sessions(open: number): void;
}

export const silentRelayMetrics: RelayMetrics = {
  connectionRefused: () => undefined,
  providerError: () => undefined,
  sessions: () => undefined,
};

export const RELAY_METRICS_NAMESPACE = 'Wayfarer/Relay';

/** CloudWatch's embedded metric format: one JSON line on stdout, which the awslogs driver ships. */
export function embeddedMetricFormat(
  stage: string,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): RelayMetrics {
  const emit = (name: string, value: number, unit: 'Count' | 'None') =>
    write(
      JSON.stringify({
        _aws: {
          Timestamp: Date.now(),
          CloudWatchMetrics: [
            {
              Namespace: RELAY_METRICS_NAMESPACE,
              Dimensions: [['Stage']],
              Metrics: [{ Name: name, Unit: unit }],
            },
          ],
        },
        Stage: stage,
        [name]: value,
      }),
    );
  return {
    connectionRefused: () => emit('RelayConnectionsRefused', 1, 'Count'),
    providerError: () => emit('RelayProviderErrors', 1, 'Count'),
    sessions: (open) => emit('RelaySessions', open, 'None'),
  };
}
