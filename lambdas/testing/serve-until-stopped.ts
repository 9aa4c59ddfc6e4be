/**
 * The end of a test server's CLI: prints the one `<label> listening on <url>` line a parent process waits for and
 * parses (frontend/e2e/support/server-process.ts), then closes the server on SIGTERM or SIGINT.
 */
export function serveUntilStopped(label: string, server: { url: string; close(): Promise<void> }): void {
  process.stdout.write(`${label} listening on ${server.url}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
