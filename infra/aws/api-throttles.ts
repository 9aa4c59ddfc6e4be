import { CEILING_HEADROOM, PEAK_REQUESTS_PER_SECOND } from '@wayfarer/shared/api/rate-limits';
import type { RateLimitClass } from '@wayfarer/shared/api/route-types';

/**
 * The API Gateway throttles of each method, without the CDK, so the API stack (stacks/api-stack.ts) and the cost
 * model (cost-model/cost-model.ts) read the same figures.
 *
 * Aggregate ceilings per 429 class, across all callers: a backstop against a flood from many addresses running
 * up provider bills, never what stops one client (the web ACL's per-viewer rules do: shared/api/rate-limits.ts).
 * Each sits CEILING_HEADROOM times above the class's real peak, so no traveller is ever throttled by a script.
 */
export const CLASS_THROTTLES: Readonly<Record<RateLimitClass, { rate: number; burst: number }>> =
  Object.fromEntries(
    Object.entries(PEAK_REQUESTS_PER_SECOND).map(([rateLimitClass, peak]) => [
      rateLimitClass,
      { rate: CEILING_HEADROOM * peak, burst: 2 * CEILING_HEADROOM * peak },
    ]),
  ) as Record<RateLimitClass, { rate: number; burst: number }>;

/** The stage-wide throttle, which API Gateway applies to each method of the stage separately. */
export interface StageThrottle {
  readonly throttleRateLimit: number;
  readonly throttleBurstLimit: number;
}

/**
 * What one method of the class may take, in requests per second and burst: its class's ceiling, never above the
 * stage's. A `default` route has no ceiling of its own and takes the stage's.
 */
export function methodThrottle(
  rateLimitClass: RateLimitClass,
  stage: StageThrottle,
): { rate: number; burst: number } {
  if (rateLimitClass === 'default') return { rate: stage.throttleRateLimit, burst: stage.throttleBurstLimit };
  const limits = CLASS_THROTTLES[rateLimitClass];
  return {
    rate: Math.min(limits.rate, stage.throttleRateLimit),
    burst: Math.min(limits.burst, stage.throttleBurstLimit),
  };
}
