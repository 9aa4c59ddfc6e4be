import { logLevelFromEnvironment } from './config';
import { currentRequestId } from './request-scope';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * Fields a log line may carry. Deliberately a closed list of safe facts: request bodies, headers, query
 * strings, tokens and anything a traveller said or photographed never belong in a log (docs/SPEC.md §1).
 */
export interface LogFields {
  readonly routeId?: string;
  readonly requestId?: string;
  readonly status?: number;
  readonly durationMs?: number;
  readonly method?: string;
  readonly eventId?: string;
  readonly eventName?: string;
  readonly consumerId?: string;
  readonly outcome?: string;
  readonly streamed?: boolean;
  readonly coldStart?: boolean;
  readonly errorName?: string;
  /** The operator's side of an error whose message is the caller's key: what to set, which engine is missing. */
  readonly errorReason?: string;
  readonly errorMessage?: string;
  readonly stack?: string;
  /** Seconds of speech newly counted against a day (the usage consumer): the dashboard's speech metric. */
  readonly speechSeconds?: number;
}

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const severity: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type LogSink = (line: string) => void;

// Writing to stdout directly keeps each line one JSON object: Lambda's patched console would prefix it.
const stdoutSink: LogSink = (line) => {
  process.stdout.write(`${line}\n`);
};

/** A structured JSON logger: one line per call, with a level, a timestamp and the given safe fields. */
export function createLogger(options: { level?: LogLevel; sink?: LogSink } = {}): Logger {
  const threshold = severity[options.level ?? 'info'];
  const sink = options.sink ?? stdoutSink;
  const write = (level: LogLevel) => (message: string, fields?: LogFields) => {
    if (severity[level] < threshold) return;
    // The request being served (request-scope.ts), unless the line names one itself.
    const requestId = currentRequestId();
    sink(
      JSON.stringify({
        level,
        time: new Date().toISOString(),
        message,
        ...(requestId === undefined ? {} : { requestId }),
        ...fields,
      }),
    );
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/**
 * The fields that describe a failure; the stack goes to logs only, never to a response. An error whose message is
 * the caller's key keeps the operator's side in `reason` (CapabilityUnavailableError), logged beside it.
 */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) {
    const { reason } = error as { reason?: unknown };
    return {
      errorName: error.name,
      errorMessage: error.message,
      ...(typeof reason === 'string' ? { errorReason: reason } : {}),
      ...(error.stack ? { stack: error.stack } : {}),
    };
  }
  return { errorName: typeof error, errorMessage: String(error) };
}

let processLogger: Logger | undefined;
const current = () => (processLogger ??= createLogger({ level: logLevelFromEnvironment() }));

/** The Lambdas' logger. It reads LOG_LEVEL on the first line written, not at import (no import side effects). */
export const logger: Logger = {
  debug: (message, fields) => current().debug(message, fields),
  info: (message, fields) => current().info(message, fields),
  warn: (message, fields) => current().warn(message, fields),
  error: (message, fields) => current().error(message, fields),
};
