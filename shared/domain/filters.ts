// The analysers answer 'n/a' (in any case) for a field they could not fill; such entries are noise to a
// traveller, so they never reach the cards.
const NOT_AVAILABLE = 'n/a';

function isFilled(text: string | null | undefined): text is string {
  if (typeof text !== 'string') return false;
  const trimmed = text.trim();
  return trimmed !== '' && trimmed.toLowerCase() !== NOT_AVAILABLE;
}

export interface FilterableLocation {
  readonly name?: string | null;
  readonly originalText?: string | null;
}

export interface FilterablePrice {
  readonly originalText?: string | null;
  readonly amount: number;
  readonly currency?: string | null;
}

/** docs/SPEC.md §5: keep a location whose name and originalText are both non-empty and not 'n/a' (any case). */
export function isUsableLocation(location: FilterableLocation): boolean {
  return isFilled(location.name) && isFilled(location.originalText);
}

/** docs/SPEC.md §5: keep a price with a non-empty originalText other than 'n/a', an amount above 0, a currency not 'n/a'. */
export function isUsablePrice(price: FilterablePrice): boolean {
  return (
    isFilled(price.originalText) &&
    price.amount > 0 &&
    (price.currency ?? '').trim().toLowerCase() !== NOT_AVAILABLE
  );
}

export function filterLocations<L extends FilterableLocation>(locations: readonly L[]): L[] {
  return locations.filter(isUsableLocation);
}

export function filterPrices<P extends FilterablePrice>(prices: readonly P[]): P[] {
  return prices.filter(isUsablePrice);
}
