import type { ExchangeRates, Rates } from '../../ports/rates';
import { againstUsd } from '../ecb-reference-rates';
import snapshot from './ecb-rates-2024-01-04.json';

/**
 * The dated rates shipped with the code (docs/DESIGN.md §6): what the local cloud converts with, offline, and
 * what a deployed stage falls back to before its first refresh or while the table cannot be read.
 */
export const SHIPPED_RATES: ExchangeRates = /* @__PURE__ */ againstUsd(snapshot);

export const shippedRates: Rates = { latest: () => Promise.resolve(SHIPPED_RATES) };
