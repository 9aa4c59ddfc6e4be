import { foldText } from './text-fold';

// Country names (en, fr, es, de; CLDR's in es, fr, de, it and pt are added through Intl) and demonyms,
// folded, per ISO 3166 alpha-2 code. Names are places a traveller can be in (the place finder reports them as type 'country'); demonyms only tell which country a text is
// about ("a Mexican taxi", "pesos argentinos" is already explicit). Written for this project from the
// countries' common names; each line: CODE|English name|other names...|~demonyms...

const TABLE = `
US|United States|usa|u.s.|america|etats-unis|estados unidos|vereinigte staaten|~american|~americain|~americaine|~estadounidense|~amerikanisch|~amerikanische|~amerikanischen
CA|Canada|kanada|~canadian|~canadien|~canadienne|~canadiense|~kanadisch|~kanadische
MX|Mexico|mexique|mejico|mexiko|~mexican|~mexicain|~mexicaine|~mexicano|~mexicana|~mexikanisch|~mexikanische
AR|Argentina|argentine|argentinien|~argentinian|~argentine|~argentino|~argentina|~argentinisch|~argentinische
CL|Chile|~chilean|~chilien|~chileno|~chilena|~chilenisch
CO|Colombia|colombie|kolumbien|~colombian|~colombien|~colombiano|~colombiana|~kolumbianisch
PE|Peru|perou|~peruvian|~peruvien|~peruano|~peruana
BR|Brazil|bresil|brasil|brasilien|~brazilian|~bresilien|~brasileno|~brasilena|~brasilianisch
UY|Uruguay|~uruguayan|~uruguayo|~uruguaya
CU|Cuba|kuba|~cuban|~cubain|~cubano|~cubana|~kubanisch
DO|Dominican Republic|republique dominicaine|republica dominicana|dominikanische republik|~dominicano
CR|Costa Rica|~costa rican|~costarricense
GB|United Kingdom|uk|britain|great britain|england|scotland|wales|royaume-uni|angleterre|ecosse|reino unido|inglaterra|escocia|vereinigtes konigreich|grossbritannien|großbritannien|england|schottland|~british|~english|~scottish|~britannique|~anglais|~anglaise|~britanico|~britanica|~ingles|~inglesa|~britisch|~britische|~englisch
IE|Ireland|irlande|irlanda|irland|~irish|~irlandais|~irlandes|~irisch
FR|France|francia|frankreich|~french|~francais|~francaise|~frances|~francesa|~franzosisch|~franzosische
ES|Spain|espagne|espana|spanien|~spanish|~espagnol|~espagnole|~espanol|~espanola|~spanisch|~spanische
PT|Portugal|~portuguese|~portugais|~portugues|~portuguesa|~portugiesisch
IT|Italy|italie|italia|italien|~italian|~italien|~italienne|~italiano|~italiana|~italienisch
DE|Germany|allemagne|alemania|deutschland|~german|~allemand|~allemande|~aleman|~alemana|~deutsch|~deutsche
AT|Austria|autriche|osterreich|~austrian|~autrichien|~austriaco|~osterreichisch
CH|Switzerland|suisse|suiza|schweiz|~swiss|~suisse|~suizo|~suiza|~schweizer|~schweizerisch
BE|Belgium|belgique|belgica|belgien|~belgian|~belge|~belga|~belgisch
NL|Netherlands|holland|pays-bas|paises bajos|holanda|niederlande|~dutch|~neerlandais|~hollandais|~holandes|~niederlandisch
LU|Luxembourg|luxemburgo|luxemburg
DK|Denmark|danemark|dinamarca|danemark|~danish|~danois|~danes|~danisch
NO|Norway|norvege|noruega|norwegen|~norwegian|~norvegien|~noruego|~norwegisch
SE|Sweden|suede|suecia|schweden|~swedish|~suedois|~sueco|~schwedisch
FI|Finland|finlande|finlandia|finnland|~finnish|~finlandais|~finlandes|~finnisch
IS|Iceland|islande|islandia|island|~icelandic|~islandais|~islandes|~islandisch
PL|Poland|pologne|polonia|polen|~polish|~polonais|~polaco|~polnisch
CZ|Czech Republic|czechia|republique tcheque|tchequie|republica checa|chequia|tschechien|~czech|~tcheque|~checo|~tschechisch
HU|Hungary|hongrie|hungria|ungarn|~hungarian|~hongrois|~hungaro|~ungarisch
GR|Greece|grece|grecia|griechenland|~greek|~grec|~grecque|~griego|~griechisch
HR|Croatia|croatie|croacia|kroatien|~croatian|~croate|~croata|~kroatisch
RO|Romania|roumanie|rumania|rumanien|~romanian|~roumain|~rumano|~rumanisch
BG|Bulgaria|bulgarie|bulgarien|~bulgarian|~bulgare|~bulgaro
RS|Serbia|serbie|serbien|~serbian|~serbe|~serbio
TR|Turkey|turkiye|turquie|turquia|turkei|~turkish|~turc|~turque|~turco|~turkisch
RU|Russia|russie|rusia|russland|~russian|~russe|~ruso|~russisch
UA|Ukraine|ucrania|~ukrainian|~ukrainien|~ucraniano|~ukrainisch
EG|Egypt|egypte|egipto|agypten|~egyptian|~egyptien|~egipcio|~agyptisch
MA|Morocco|maroc|marruecos|marokko|~moroccan|~marocain|~marroqui|~marokkanisch
TN|Tunisia|tunisie|tunez|tunesien|~tunisian|~tunisien|~tunecino
ZA|South Africa|afrique du sud|sudafrica|sudafrika|~south african|~sud-africain|~sudafricano|~sudafrikanisch
KE|Kenya|kenia|~kenyan|~kenyan|~keniano
NG|Nigeria|~nigerian|~nigerian
SN|Senegal|~senegalese|~senegalais
IL|Israel|~israeli|~israelien|~israeli
JO|Jordan|jordanie|jordania|jordanien|~jordanian|~jordanien
AE|United Arab Emirates|uae|emirates|emirats arabes unis|emiratos arabes unidos|vereinigte arabische emirate|~emirati
SA|Saudi Arabia|arabie saoudite|arabia saudita|saudi-arabien|~saudi|~saoudien|~saudi
QA|Qatar|katar|~qatari
IN|India|inde|indien|~indian|~indien|~indienne|~indio|~indisch
PK|Pakistan|~pakistani|~pakistanais
LK|Sri Lanka|~sri lankan
NP|Nepal|~nepalese|~nepalais
CN|China|chine|~chinese|~chinois|~chinoise|~chino|~china|~chinesisch
HK|Hong Kong|hongkong
TW|Taiwan|~taiwanese
JP|Japan|japon|~japanese|~japonais|~japonaise|~japones|~japonesa|~japanisch
KR|South Korea|korea|coree du sud|coree|corea del sur|corea|sudkorea|~korean|~coreen|~coreano|~koreanisch
TH|Thailand|thailande|tailandia|~thai|~thailandais|~tailandes|~thailandisch
VN|Vietnam|viet nam|~vietnamese|~vietnamien|~vietnamita|~vietnamesisch
KH|Cambodia|cambodge|camboya|kambodscha|~cambodian|~cambodgien
LA|Laos|~laotian|~laotien
MY|Malaysia|malaisie|malasia|~malaysian|~malaisien
SG|Singapore|singapour|singapur|~singaporean
ID|Indonesia|indonesie|indonesien|~indonesian|~indonesien
PH|Philippines|filipinas|philippinen|~filipino|~philippin|~filipina
AU|Australia|australie|australien|~australian|~australien|~australienne|~australiano|~australiana|~australisch
NZ|New Zealand|nouvelle-zelande|nueva zelanda|neuseeland|~new zealander|~kiwi|~neo-zelandais|~neozelandes
`;

export interface CountryNames {
  readonly code: string;
  /** The English name, as reported. */
  readonly name: string;
  /** Folded names in any language, the English one included. */
  readonly names: readonly string[];
  readonly demonyms: readonly string[];
}

/** The languages whose CLDR country names (through Intl.DisplayNames) are added to the table's. */
const NAME_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'pt-PT'] as const;

/** CLDR's names of a country in the analyser's languages, folded: "Svizzera", "Suíça", "Países Baixos". */
export function cldrCountryNames(code: string): string[] {
  return NAME_LANGUAGES.map((language) => new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code))
    .filter((name): name is string => name !== undefined && !/[()]/.test(name))
    .map((name) => foldText(name));
}

export const COUNTRY_NAMES: readonly CountryNames[] = TABLE.trim()
  .split('\n')
  .map((line) => {
    const [code = '', name = '', ...rest] = line.split('|');
    const written = [name.toLowerCase(), ...rest.filter((entry) => !entry.startsWith('~'))];
    return {
      code,
      name,
      names: [...new Set([...written, ...cldrCountryNames(code)])],
      demonyms: rest.filter((entry) => entry.startsWith('~')).map((entry) => entry.slice(1)),
    };
  });
