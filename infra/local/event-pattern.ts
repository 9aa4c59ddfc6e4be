/**
 * EventBridge pattern matching for the subset our rules use (shared/events.ts): each pattern field lists the
 * exact values it accepts, and nested objects match nested fields. Content filters (prefix, numeric,
 * anything-but, exists, ...) are refused up front rather than misread, so a rule that starts using one fails
 * loudly here instead of silently never matching.
 */

type PatternValue = string | number | boolean | null;

export class UnsupportedPatternError extends Error {
  constructor(path: string) {
    super(`Event pattern field "${path}" uses a filter the local bus does not support (exact values only)`);
    this.name = 'UnsupportedPatternError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPatternValue(value: unknown): value is PatternValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** Throws UnsupportedPatternError when the pattern uses anything beyond exact values and nesting. */
export function assertSupportedPattern(pattern: unknown, path = ''): void {
  if (!isRecord(pattern)) throw new UnsupportedPatternError(path || '(root)');
  for (const [field, allowed] of Object.entries(pattern)) {
    const fieldPath = path ? `${path}.${field}` : field;
    if (Array.isArray(allowed)) {
      if (allowed.length === 0 || !allowed.every(isPatternValue)) throw new UnsupportedPatternError(fieldPath);
    } else {
      assertSupportedPattern(allowed, fieldPath);
    }
  }
}

function valueMatches(actual: unknown, allowed: readonly PatternValue[]): boolean {
  // EventBridge: when the event's field is an array, the field matches if any of its elements does.
  if (Array.isArray(actual)) return actual.some((element) => valueMatches(element, allowed));
  return isPatternValue(actual) && allowed.includes(actual);
}

/**
 * True when the event matches every field of the pattern (EventBridge semantics for exact-value patterns).
 * Check the pattern once with assertSupportedPattern: anything else in it never matches.
 */
export function matchesPattern(pattern: object, event: unknown): boolean {
  if (!isRecord(event)) return false;
  return Object.entries(pattern).every(([field, allowed]: [string, unknown]) => {
    if (!(field in event)) return false;
    const actual = event[field];
    if (Array.isArray(allowed)) return valueMatches(actual, allowed.filter(isPatternValue));
    return isRecord(allowed) && matchesPattern(allowed, actual);
  });
}
