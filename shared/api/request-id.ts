/**
 * The header every API answer carries with the request's id (lambdas/http/security-headers.ts), errors included.
 * The same id is on every log line of the request, the events it published and their consumers' lines
 * (docs/OPERATIONS.md, "Reading the dashboard"); the browser's API client logs it with a failed call, so a
 * traveller's report or a console capture can quote it.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
