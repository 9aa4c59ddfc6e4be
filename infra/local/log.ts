/** The local cloud's console output: one line per event, prefixed with the part that speaks. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause === undefined ? '' : `\n  caused by: ${describe(error.cause)}`;
    return `${error.stack ?? error.message}${cause}`;
  }
  return String(error);
}

export function consoleLogger(prefix: string): Logger {
  return {
    info: (message) => console.log(`[${prefix}] ${message}`),
    warn: (message) => console.warn(`[${prefix}] ${message}`),
    error: (message, error) => console.error(`[${prefix}] ${message}${error === undefined ? '' : `\n${describe(error)}`}`),
  };
}

/** Keeps warnings and errors, drops the chatter: for tests. */
export function quietLogger(prefix: string): Logger {
  const loud = consoleLogger(prefix);
  return { info: () => undefined, warn: loud.warn, error: loud.error };
}
