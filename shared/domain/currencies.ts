import { DEFAULT_CURRENCY, LANGUAGES } from './languages';

/**
 * English names of the offered currencies, as CLDR spells them. The table is read before Intl.DisplayNames
 * so that labels are the same in every browser and in Node whatever their ICU version (a test keeps it in line
 * with Node's CLDR); Intl names any other currency.
 */
const CURRENCY_ENGLISH_NAMES: Readonly<Record<string, string>> = {
  ALL: 'Albanian Lek',
  AMD: 'Armenian Dram',
  AZN: 'Azerbaijani Manat',
  BDT: 'Bangladeshi Taka',
  CNY: 'Chinese Yuan',
  CZK: 'Czech Koruna',
  DKK: 'Danish Krone',
  ETB: 'Ethiopian Birr',
  EUR: 'Euro',
  GBP: 'British Pound',
  GEL: 'Georgian Lari',
  HUF: 'Hungarian Forint',
  IDR: 'Indonesian Rupiah',
  ILS: 'Israeli New Shekel',
  INR: 'Indian Rupee',
  IRR: 'Iranian Rial',
  ISK: 'Icelandic Króna',
  JPY: 'Japanese Yen',
  KES: 'Kenyan Shilling',
  KHR: 'Cambodian Riel',
  KRW: 'South Korean Won',
  KZT: 'Kazakhstani Tenge',
  LAK: 'Laotian Kip',
  LKR: 'Sri Lankan Rupee',
  MMK: 'Myanmar Kyat',
  MNT: 'Mongolian Tugrik',
  MYR: 'Malaysian Ringgit',
  NOK: 'Norwegian Krone',
  NPR: 'Nepalese Rupee',
  PHP: 'Philippine Peso',
  PKR: 'Pakistani Rupee',
  PLN: 'Polish Zloty',
  RON: 'Romanian Leu',
  RSD: 'Serbian Dinar',
  RUB: 'Russian Ruble',
  SAR: 'Saudi Riyal',
  SEK: 'Swedish Krona',
  THB: 'Thai Baht',
  TRY: 'Turkish Lira',
  UAH: 'Ukrainian Hryvnia',
  USD: 'US Dollar',
  UZS: 'Uzbekistani Som',
  VND: 'Vietnamese Dong',
  ZAR: 'South African Rand',
};

export interface CurrencyOption {
  readonly value: string;
  /** "CODE - English name", e.g. "EUR - Euro" (docs/SPEC.md §3). */
  readonly label: string;
}

let displayNames: Intl.DisplayNames | null | undefined;

function intlCurrencyName(code: string): string | undefined {
  if (displayNames === undefined) {
    try {
      displayNames = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' });
    } catch {
      // Very old browsers lack Intl.DisplayNames; the code alone still identifies the currency.
      displayNames = null;
    }
  }
  try {
    return displayNames?.of(code);
  } catch {
    return undefined;
  }
}

/** The English name of a currency; the upper-cased code itself when nothing knows it. */
export function currencyEnglishName(code: string): string {
  const upper = code.trim().toUpperCase();
  return CURRENCY_ENGLISH_NAMES[upper] ?? intlCurrencyName(upper) ?? upper;
}

export function currencyLabel(code: string): string {
  const upper = code.trim().toUpperCase();
  return `${upper} - ${currencyEnglishName(upper)}`;
}

/** docs/SPEC.md §3: the distinct currencies of the languages plus USD, sorted by code. */
export const CURRENCY_CODES: readonly string[] = [
  ...new Set([...LANGUAGES.map((option) => option.currency), DEFAULT_CURRENCY]),
].sort();

export const CURRENCY_OPTIONS: readonly CurrencyOption[] = CURRENCY_CODES.map((code) => ({
  value: code,
  label: currencyLabel(code),
}));

export function isOfferedCurrency(code: string): boolean {
  return CURRENCY_CODES.includes(code);
}
