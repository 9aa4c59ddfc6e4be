import type { ExchangeRates, Rates } from '../../ports/rates';
import { againstUsd } from '../ecb-reference-rates';
import snapshot from './ecb-rates-snapshot.json';

/**
 * The dated rates shipped with the code (docs/DESIGN.md §6): what the local cloud converts with, offline, and
 * what a deployed stage falls back to before its first refresh or while the table cannot be read. Labelled a
 * snapshot, so the price card says so. `npm run rates:refresh` replaces the file with the ECB's latest when the
 * ECB is reachable (infra/rates/refresh-snapshot.ts); nothing else fetches it.
 */
export const SHIPPED_RATES: ExchangeRates = /* @__PURE__ */ { ...againstUsd(snapshot), source: 'snapshot' };

export const shippedRates: Rates = { latest: () => Promise.resolve(SHIPPED_RATES) };
