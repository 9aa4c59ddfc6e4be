// How currencies are written and said in en, fr, es, de, it and pt (CLDR's names are added in currency-names.ts). Phrases are folded (lower case, no accents).
// A marker names either one currency, or a family ("dollars", "pesos", "$", "kr") that the country the text
// is about settles (see AMBIGUOUS_FAMILIES).

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

/** Words and phrases, folded. Qualified phrases ("swiss francs") come before their bare word by length. */
export const CURRENCY_WORDS: Readonly<Record<string, CurrencyMarker>> = {
  // euro
  euro: one('EUR'), euros: one('EUR'), eur: one('EUR'), 'euro cent': one('EUR'),
  // dollars
  dollar: family('dollar'), dollars: family('dollar'), dolar: family('dollar'), dolares: family('dollar'),
  bucks: family('dollar'), buck: family('dollar'),
  'us dollars': one('USD'), 'us dollar': one('USD'), 'american dollars': one('USD'), 'u.s. dollars': one('USD'),
  'dollars americains': one('USD'), 'dolares americanos': one('USD'), 'dolares estadounidenses': one('USD'),
  'us-dollar': one('USD'), 'amerikanische dollar': one('USD'),
  'australian dollars': one('AUD'), 'australian dollar': one('AUD'), 'dollars australiens': one('AUD'),
  'dolares australianos': one('AUD'), 'australische dollar': one('AUD'),
  'canadian dollars': one('CAD'), 'canadian dollar': one('CAD'), 'dollars canadiens': one('CAD'),
  'dolares canadienses': one('CAD'), 'kanadische dollar': one('CAD'),
  'new zealand dollars': one('NZD'), 'singapore dollars': one('SGD'), 'hong kong dollars': one('HKD'),
  'taiwan dollars': one('TWD'), 'dollars singapouriens': one('SGD'), 'dollars de hong kong': one('HKD'),
  // pesos
  peso: family('peso'), pesos: family('peso'),
  'mexican pesos': one('MXN'), 'pesos mexicanos': one('MXN'), 'pesos mexicains': one('MXN'),
  'mexikanische pesos': one('MXN'),
  'argentine pesos': one('ARS'), 'argentinian pesos': one('ARS'), 'pesos argentinos': one('ARS'),
  'pesos argentins': one('ARS'), 'argentinische pesos': one('ARS'),
  'chilean pesos': one('CLP'), 'pesos chilenos': one('CLP'), 'colombian pesos': one('COP'),
  'pesos colombianos': one('COP'), 'philippine pesos': one('PHP'), 'uruguayan pesos': one('UYU'),
  'pesos uruguayos': one('UYU'), 'dominican pesos': one('DOP'), 'pesos dominicanos': one('DOP'),
  'cuban pesos': one('CUP'), 'pesos cubanos': one('CUP'),
  // pounds
  pound: family('pound'), pounds: family('pound'), quid: one('GBP'), sterling: one('GBP'),
  'pounds sterling': one('GBP'), 'pound sterling': one('GBP'), 'british pounds': one('GBP'),
  livre: family('pound'), livres: family('pound'), 'livres sterling': one('GBP'), 'livre sterling': one('GBP'),
  libra: family('pound'), libras: family('pound'), 'libras esterlinas': one('GBP'), 'libra esterlina': one('GBP'),
  pfund: family('pound'), 'pfund sterling': one('GBP'), 'britische pfund': one('GBP'),
  'egyptian pounds': one('EGP'), 'livres egyptiennes': one('EGP'), 'libras egipcias': one('EGP'),
  'agyptische pfund': one('EGP'), 'lebanese pounds': one('LBP'),
  // francs
  franc: family('franc'), francs: family('franc'), franco: family('franc'), francos: family('franc'),
  franken: family('franc'),
  'swiss francs': one('CHF'), 'swiss franc': one('CHF'), 'francs suisses': one('CHF'), 'franc suisse': one('CHF'),
  'francos suizos': one('CHF'), 'schweizer franken': one('CHF'), 'cfa francs': family('franc'),
  'francs cfa': family('franc'),
  // crowns
  krona: family('crown'), kronor: family('crown'), krone: family('crown'), kroner: family('crown'),
  kronen: family('crown'), kronur: one('ISK'), couronnes: family('crown'), coronas: family('crown'),
  koruna: one('CZK'), korun: one('CZK'), korunas: one('CZK'),
  'swedish kronor': one('SEK'), 'swedish krona': one('SEK'), 'swedish crowns': one('SEK'),
  'couronnes suedoises': one('SEK'), 'coronas suecas': one('SEK'), 'schwedische kronen': one('SEK'),
  'norwegian kroner': one('NOK'), 'norwegian krone': one('NOK'), 'norwegian crowns': one('NOK'),
  'couronnes norvegiennes': one('NOK'), 'coronas noruegas': one('NOK'), 'norwegische kronen': one('NOK'),
  'danish kroner': one('DKK'), 'danish krone': one('DKK'), 'danish crowns': one('DKK'),
  'couronnes danoises': one('DKK'), 'coronas danesas': one('DKK'), 'danische kronen': one('DKK'),
  'icelandic kronur': one('ISK'), 'icelandic krona': one('ISK'), 'czech crowns': one('CZK'),
  'czech korunas': one('CZK'), 'couronnes tcheques': one('CZK'), 'coronas checas': one('CZK'),
  'tschechische kronen': one('CZK'),
  // rupees
  rupee: family('rupee'), rupees: family('rupee'), roupie: family('rupee'), roupies: family('rupee'),
  rupia: family('rupee'), rupias: family('rupee'), rupien: family('rupee'),
  'indian rupees': one('INR'), 'roupies indiennes': one('INR'), 'rupias indias': one('INR'),
  'indische rupien': one('INR'), 'pakistani rupees': one('PKR'), 'sri lankan rupees': one('LKR'),
  'nepalese rupees': one('NPR'), rupiah: one('IDR'),
  // yen and yuan
  yen: one('JPY'), yens: one('JPY'), yenes: one('JPY'), 'japanese yen': one('JPY'),
  yuan: one('CNY'), yuans: one('CNY'), renminbi: one('CNY'), 'chinese yuan': one('CNY'),
  // one currency each
  baht: one('THB'), bahts: one('THB'), won: one('KRW'), wons: one('KRW'), 'korean won': one('KRW'),
  dong: one('VND'), dongs: one('VND'), ringgit: one('MYR'), ringgits: one('MYR'), riel: one('KHR'),
  riels: one('KHR'), kip: one('LAK'), kyat: one('MMK'), kyats: one('MMK'),
  real: one('BRL'), reais: one('BRL'), reales: one('BRL'), 'brazilian reais': one('BRL'),
  'reais bresiliens': one('BRL'), 'reales brasilenos': one('BRL'), 'brasilianische real': one('BRL'),
  zloty: one('PLN'), zlotys: one('PLN'), zlotych: one('PLN'), zlote: one('PLN'),
  forint: one('HUF'), forints: one('HUF'), lei: one('RON'), leu: one('RON'), lev: one('BGN'), leva: one('BGN'),
  hryvnia: one('UAH'), hryvnias: one('UAH'),
  lira: one('TRY'), liras: one('TRY'), lire: one('TRY'), 'turkish lira': one('TRY'), 'livres turques': one('TRY'),
  'liras turcas': one('TRY'), 'turkische lira': one('TRY'),
  ruble: one('RUB'), rubles: one('RUB'), rouble: one('RUB'), roubles: one('RUB'), rublos: one('RUB'),
  rubel: one('RUB'),
  shekel: one('ILS'), shekels: one('ILS'), sheqel: one('ILS'), shekalim: one('ILS'), sheqalim: one('ILS'),
  rand: one('ZAR'), rands: one('ZAR'), shilling: one('KES'), shillings: one('KES'), 'kenyan shillings': one('KES'),
  naira: one('NGN'), cedi: one('GHS'), cedis: one('GHS'), birr: one('ETB'), soles: one('PEN'), sol: one('PEN'),
  quetzal: one('GTQ'), quetzales: one('GTQ'), colones: one('CRC'), bolivianos: one('BOB'),
  guaranies: one('PYG'), tenge: one('KZT'), som: one('UZS'), lari: one('GEL'), dram: one('AMD'),
  manat: one('AZN'), tugrik: one('MNT'), taka: one('BDT'),
  dinar: family('dinar'), dinars: family('dinar'), dinares: family('dinar'),
  riyal: family('riyal'), riyals: family('riyal'), rial: family('riyal'), rials: family('riyal'),
  dirham: family('dirham'), dirhams: family('dirham'),
  // Bare local forms in it, pt, es and fr that CLDR only gives with the country's adjective (currency-names.ts
  // adds those): "dieci franchi", "vinte coroas", "seis eslotis".
  dollaro: family('dollar'), dollari: family('dollar'), franchi: family('franc'), corona: family('crown'),
  corone: family('crown'), coroa: family('crown'), coroas: family('crown'), rupie: family('rupee'),
  sterlina: one('GBP'), sterline: one('GBP'), fiorino: one('HUF'), fiorini: one('HUF'), florim: one('HUF'),
  florins: one('HUF'), forinto: one('HUF'), forintos: one('HUF'), esloti: one('PLN'), eslotis: one('PLN'),
  zloti: one('PLN'), zlotis: one('PLN'), reals: one('BRL'), sois: one('PEN'), sols: one('PEN'), iene: one('JPY'),
  ienes: one('JPY'), florin: one('HUF'), florines: one('HUF'),
};

/** Minor units that may follow a whole amount: "dix euros cinquante (centimes)", "5 dollars and 50 cents". */
export const MINOR_UNIT_WORDS: readonly string[] = [
  'cents', 'cent', 'centimes', 'centime', 'centimos', 'centimo', 'centavos', 'centavo', 'pence', 'p',
  'kopeks', 'groschen', 'rappen', 'ore', 'satang', 'centesimi', 'centesimo',
];
