import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request an invocation works for, end to end (docs/DESIGN.md §5): the API request id (API Gateway's, or
 * the local gateway's) while a route handler runs, and the id an event carries while its consumer runs. The
 * logger adds it to every line, and the event publisher to every event's detail, so one id follows a call from
 * the API through the bus into the consumer. Node's own AsyncLocalStorage: nothing to bundle.
 */
export interface RequestScope {
  readonly requestId: string;
}

const scope = /* @__PURE__ */ new AsyncLocalStorage<RequestScope>();

/** Runs `work` (and everything it awaits or starts) as part of the request `requestId`. */
export function withRequestScope<T>(requestId: string | undefined, work: () => T): T {
  return requestId === undefined || requestId === '' ? work() : scope.run({ requestId }, work);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}
