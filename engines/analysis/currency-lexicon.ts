// How currencies are written: symbols, codes and the families they name; the words each language says them
// with are in its pack (lang/<language>.ts, `currencies`), and CLDR's names are added in currency-names.ts.
// A marker names either one currency, or a family ("dollars", "pesos", "$", "kr") that the country the text
// is about settles (see AMBIGUOUS_FAMILIES).

import { ANALYSIS_LANGUAGES } from './language';
import { inEveryLanguage, LANGUAGE_PACKS } from './lang/packs';

export type CurrencyFamily = 'dollar' | 'peso' | 'pound' | 'franc' | 'crown' | 'rupee' | 'yen-yuan' | 'dinar' | 'riyal' | 'dirham';

export type CurrencyMarker =
  | { readonly currency: string; readonly family?: undefined }
  | { readonly family: CurrencyFamily; readonly currency?: undefined };

const one = (currency: string): CurrencyMarker => ({ currency });
const family = (name: CurrencyFamily): CurrencyMarker => ({ family: name });

/**
 * For each ambiguous family: the currency per country (ISO 3166 alpha-2) and the default when the text names
 * no country. Defaults are the currency a traveller most likely means: US dollar, Mexican peso, pound sterling,
 * Swiss franc, Swedish krona, Indian rupee, Japanese yen. Dinar, riyal and dirham have no sensible default,
 * so without a country they are not reported.
 */
export const AMBIGUOUS_FAMILIES: Readonly<
  Record<CurrencyFamily, { readonly fallback?: string; readonly byCountry: Readonly<Record<string, string>> }>
> = {
  dollar: {
    fallback: 'USD',
    byCountry: {
      US: 'USD', AU: 'AUD', CA: 'CAD', NZ: 'NZD', SG: 'SGD', HK: 'HKD', TW: 'TWD', JM: 'JMD', BS: 'BSD',
      BB: 'BBD', BZ: 'BZD', TT: 'TTD', FJ: 'FJD', NA: 'NAD', LR: 'LRD', GY: 'GYD', BN: 'BND', SB: 'SBD',
      KY: 'KYD', BM: 'BMD', XC: 'XCD', EC: 'USD', SV: 'USD', PA: 'USD', PR: 'USD', ZW: 'USD', TL: 'USD',
    },
  },
  peso: {
    fallback: 'MXN',
    byCountry: {
      MX: 'MXN', AR: 'ARS', CL: 'CLP', CO: 'COP', UY: 'UYU', PH: 'PHP', CU: 'CUP', DO: 'DOP',
    },
  },
  pound: {
    fallback: 'GBP',
    byCountry: { GB: 'GBP', EG: 'EGP', LB: 'LBP', SY: 'SYP', SS: 'SSP', SD: 'SDG', GI: 'GIP', FK: 'FKP' },
  },
  franc: {
    fallback: 'CHF',
    byCountry: {
      CH: 'CHF', LI: 'CHF', SN: 'XOF', CI: 'XOF', ML: 'XOF', BF: 'XOF', BJ: 'XOF', TG: 'XOF', NE: 'XOF',
      CM: 'XAF', GA: 'XAF', CG: 'XAF', TD: 'XAF', CF: 'XAF', GQ: 'XAF', MG: 'MGA', RW: 'RWF', BI: 'BIF',
      DJ: 'DJF', KM: 'KMF', GN: 'GNF', CD: 'CDF', PF: 'XPF', NC: 'XPF',
    },
  },
  crown: {
    fallback: 'SEK',
    byCountry: { SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK', CZ: 'CZK', FO: 'DKK', GL: 'DKK' },
  },
  rupee: {
    fallback: 'INR',
    byCountry: { IN: 'INR', PK: 'PKR', LK: 'LKR', NP: 'NPR', MU: 'MUR', SC: 'SCR', MV: 'MVR', ID: 'IDR' },
  },
  'yen-yuan': { fallback: 'JPY', byCountry: { JP: 'JPY', CN: 'CNY' } },
  dinar: {
    byCountry: {
      RS: 'RSD', TN: 'TND', JO: 'JOD', KW: 'KWD', BH: 'BHD', DZ: 'DZD', IQ: 'IQD', LY: 'LYD', MK: 'MKD',
    },
  },
  riyal: { byCountry: { SA: 'SAR', QA: 'QAR', OM: 'OMR', YE: 'YER', IR: 'IRR' } },
  dirham: { byCountry: { AE: 'AED', MA: 'MAD' } },
};

/** Symbols as written, matched case-sensitively against the original text (so "R" is not "r"). */
export const CURRENCY_SYMBOLS: Readonly<Record<string, CurrencyMarker>> = {
  '€': one('EUR'), '£': one('GBP'), '₹': one('INR'), '₩': one('KRW'), '฿': one('THB'), '₺': one('TRY'),
  '₽': one('RUB'), '₫': one('VND'), '₱': one('PHP'), '₪': one('ILS'), '₴': one('UAH'), '₦': one('NGN'),
  '₸': one('KZT'), '₾': one('GEL'), '₭': one('LAK'), '₮': one('MNT'), '৳': one('BDT'), '₡': one('CRC'),
  '₲': one('PYG'), 'zł': one('PLN'), 'Kč': one('CZK'), 'Ft': one('HUF'), 'Rp': one('IDR'), 'RM': one('MYR'),
  'R$': one('BRL'), 'US$': one('USD'), 'U$S': one('USD'), 'A$': one('AUD'), 'AU$': one('AUD'), 'C$': one('CAD'),
  'CA$': one('CAD'), 'NZ$': one('NZD'), 'HK$': one('HKD'), 'S$': one('SGD'), 'NT$': one('TWD'),
  'MX$': one('MXN'), 'Mex$': one('MXN'), 'RD$': one('DOP'), 'Fr.': one('CHF'), 'SFr.': one('CHF'),
  'S/': one('PEN'), 'S/.': one('PEN'),
  '$': family('dollar'), '¥': family('yen-yuan'), '￥': family('yen-yuan'), '元': one('CNY'), '円': one('JPY'),
  'kr': family('crown'), 'kr.': family('crown'), 'Kr': family('crown'),
};

/** ISO 4217 codes recognised when written in capitals beside an amount. */
export const CURRENCY_CODES: readonly string[] = (
  'EUR USD GBP JPY CNY RMB CHF CAD AUD NZD SGD HKD TWD KRW INR PKR LKR NPR BDT THB VND IDR MYR PHP KHR LAK ' +
  'MMK MNT KZT UZS GEL AMD AZN TRY ILS AED SAR QAR OMR KWD BHD JOD EGP MAD TND DZD ZAR KES TZS UGX NGN GHS ' +
  'ETB XOF XAF MXN BRL ARS CLP COP PEN UYU BOB PYG CRC GTQ DOP CUP SEK NOK DKK ISK PLN CZK HUF RON BGN RSD ' +
  'UAH RUB BYN MKD ALL BAM MDL IRR IQD'
).split(' ');

const CODE_ALIASES: Readonly<Record<string, string>> = { RMB: 'CNY' };

export function markerForCode(code: string): CurrencyMarker {
  return one(CODE_ALIASES[code] ?? code);
}

const CURRENCY_FAMILIES: ReadonlySet<string> = new Set<CurrencyFamily>([
  'dollar', 'peso', 'pound', 'franc', 'crown', 'rupee', 'yen-yuan', 'dinar', 'riyal', 'dirham',
]);

function wordsOfEveryLanguage(): Record<string, CurrencyMarker> {
  const words: Record<string, CurrencyMarker> = {};
  for (const language of ANALYSIS_LANGUAGES)
    for (const [word, named] of Object.entries(LANGUAGE_PACKS[language].currencies.words))
      words[word] ??= CURRENCY_FAMILIES.has(named) ? family(named as CurrencyFamily) : one(named);
  return words;
}

/** Words and phrases, folded, from every language's pack. */
export const CURRENCY_WORDS: Readonly<Record<string, CurrencyMarker>> = wordsOfEveryLanguage();

/** Minor units that may follow a whole amount, from every language's pack. */
export const MINOR_UNIT_WORDS: readonly string[] = inEveryLanguage((pack) => pack.currencies.minorUnits);
