// What travellers say when something is wrong, per language (en, fr, es, de, it, pt), folded (lower case, no
// accents, ’ written '). Severity (SPEC §3, issue 27): high = life may be at risk (not breathing, a breathing
// attack, heavy bleeding, fire, a threat); medium = crime, lost documents or an injury that is not
// life-threatening (theft, a lost passport, a broken bone); low = minor (a small cut, a twisted ankle, a mild
// illness, a belonging other than documents lost rather than stolen).
// Each pattern is a RegExp source matched between word edges. 'any' is matched whatever the language.

import type { AnalysisLanguage } from './language';

export type EmergencyCategory = 'medical' | 'police' | 'fire' | 'lost-or-stolen' | 'accident' | 'distress';
export type Severity = 'high' | 'medium' | 'low';
export type Said = Readonly<Partial<Record<AnalysisLanguage | 'any', readonly string[]>>>;

export interface LexiconEntry {
  /** The issue as shown on the card's badge. */
  readonly issue: string;
  readonly category: EmergencyCategory;
  readonly severity: Severity;
  /** Said with "very", "a lot", "mucho", "sehr"...: one step more serious. */
  readonly intensified?: Severity;
  /** Said with "a little", "un peu", "leicht"...: less serious. */
  readonly mitigated?: Severity;
  /** A fall or a bump: when the text names the hurt it caused, that hurt says how serious it is. */
  readonly yieldsToInjury?: boolean;
  readonly said: Said;
}

export const LEXICON: readonly LexiconEntry[] = [
  // --- medical, life-threatening
  { issue: 'breathing difficulty', category: 'medical', severity: 'high', said: {
    en: ["can'?t breathe", 'cannot breathe', "(?:is |are )?not breathing", "isn'?t breathing", 'struggling to breathe', 'trouble breathing',
      'short of breath', 'choking', 'asthma attack', 'breathing attack', 'can (?:barely|hardly) breathe', 'difficulty breathing'],
    fr: ['ne (?:peut|peux) (?:plus )?pas respirer', 'ne respire (?:plus|pas)', "n'arrive (?:pas|plus) a respirer", "s'etouffe",
      "crise d'asthme", 'du mal a respirer'],
    es: ['no (?:puede|puedo) respirar', 'no respira', 'se (?:esta )?ahoga\\w*', 'ataque de asma', 'crisis de asma',
      '(?:le|me) cuesta respirar', 'apenas (?:puede|puedo) respirar'],
    de: ['kann nicht atmen', 'atmet nicht(?: mehr)?', 'atemnot', 'erstickt', 'asthmaanfall', '(?:bekommt|kriegt) (?:keine|kaum) luft',
      'kann kaum atmen'],
    it: ['non respira(?: piu)?', 'non (?:riesce|riesco) a respirare', "(?:attacco|crisi) d'asma", 'soffoca\\w*', 'respira a fatica',
      'fa fatica a respirare'],
    pt: ['nao (?:esta a |consegue |consigo )?respirar', 'nao respira', '(?:crise|ataque) de asma', 'a sufocar', 'sufocando',
      'mal (?:consegue )?respirar', 'dificuldade (?:em|a) respirar'],
  } },
  { issue: 'chest pain', category: 'medical', severity: 'high', said: {
    en: ['chest pains?', 'heart attack', 'cardiac arrest'],
    fr: ['douleurs? (?:a la|dans la) poitrine', 'douleur thoracique', 'crise cardiaque', 'arret cardiaque'],
    es: ['dolor (?:en el|de) pecho', 'infarto', 'ataque (?:al corazon|cardiaco)'],
    de: ['brustschmerzen', 'herzinfarkt', 'herzanfall', 'herzstillstand'],
    it: ['dolore al petto', 'infarto', 'attacco di cuore', 'arresto cardiaco'],
    pt: ['dor no peito', 'ataque cardiaco', 'enfarte', 'infarto', '(?:paragem|parada) cardiaca'],
  } },
  { issue: 'unconscious', category: 'medical', severity: 'high', said: {
    en: ['unconscious', 'passed out', 'fainted', "won'?t wake up", 'not responding', 'collapsed'],
    fr: ['perdu connaissance', 'inconscient\\w*', 'evanoui\\w*', 'ne se reveille pas', 'fait un malaise'],
    es: ['inconsciente', 'desmayad[oa]', 'se desmayo', 'perdio el conocimiento', 'no despierta', 'no reacciona'],
    de: ['bewusstlos', 'ohnmachtig', 'zusammengebrochen', 'wacht nicht auf', 'reagiert nicht'],
    it: ['svenut[oa]', 'priv[oa] di sensi', 'incosciente', 'non si sveglia', 'ha perso i sensi'],
    pt: ['desmaiou', 'desmaiad[oa]', 'inconsciente', 'perdeu os sentidos', 'nao acorda'],
  } },
  { issue: 'stroke or seizure', category: 'medical', severity: 'high', said: {
    en: ['stroke', 'seizure', 'convulsions?'],
    fr: ['avc', "crise d.epilepsie", 'convulsions?'],
    es: ['derrame cerebral', 'ictus', 'convulsion(?:es)?'],
    de: ['schlaganfall', 'krampfanfall', 'epileptischer anfall'],
    it: ['ictus', 'convulsioni', 'attacco epilettico'],
    pt: ['avc', 'convulso(?:es)?', 'convulsao', 'ataque epileptico'],
  } },
  { issue: 'severe allergic reaction', category: 'medical', severity: 'high', said: {
    en: ['allergic (?:reaction|shock)', 'anaphyla\\w*', 'throat (?:is )?(?:swelling|closing)', 'swollen throat'],
    fr: ['choc allergique', 'reaction allergique', 'choc anaphylactique', 'gorge (?:qui )?(?:gonfle|enfle)', 'gorge (?:gonflee|enflee)'],
    es: ['reaccion alergica', '(?:shock|choque) anafilactico', 'se (?:le|me) (?:esta )?(?:hincha\\w*|cierra\\w*|cerrando) la garganta',
      'garganta hinchada'],
    de: ['allergische[nr]? (?:schock|reaktion)', 'anaphylaktische[nr]? schock', 'hals schwillt', 'hals (?:ist )?(?:zu)?geschwollen',
      'zunge schwillt'],
    it: ['shock anafilattico', 'reazione allergica', 'gola (?:gonfia|(?:che )?si (?:gonfia|chiude))'],
    pt: ['choque anafilatico', 'reacao alergica', 'garganta (?:esta )?(?:a )?inchar', 'garganta inchada'],
  } },
  { issue: 'heavy bleeding', category: 'medical', severity: 'high', intensified: 'high', said: {
    en: ['bleeding (?:heavily|a lot|badly|everywhere)', "(?:won'?t|doesn'?t) stop bleeding", 'blood everywhere', '(?:a lot|lots) of blood',
      'losing (?:a lot of |so much )?blood', 'pool of blood'],
    fr: ['saigne (?:beaucoup|enormement|abondamment)', 'hemorragie', 'du sang partout', 'beaucoup de sang', 'perd (?:beaucoup de )?(?:son )?sang'],
    es: ['sangra(?:ndo)? (?:mucho|muchisimo)', 'hemorragia', 'sangre por todas partes', 'mucha sangre', 'charco de sangre'],
    de: ['blutet (?:sehr )?stark', 'starke blutung', 'uberall blut', 'blut uberall', 'viel blut'],
    it: ['(?:perde|perdendo) (?:molto|tanto) sangue', 'sanguina (?:molto|tanto)', 'emorragia', 'sangue (?:dappertutto|ovunque)'],
    pt: ['(?:a )?sangrar muito', 'sangra(?:ndo)? muito', 'hemorragia', 'sangue por (?:todo o lado|toda parte)', 'muito sangue'],
  } },
  { issue: 'overdose or poisoning', category: 'medical', severity: 'high', said: {
    en: ['overdose', 'poisoned', 'swallowed (?:bleach|poison)'],
    fr: ['surdose', 'empoisonne', 'intoxique'],
    es: ['sobredosis', 'envenenad[oa]'],
    de: ['uberdosis', 'vergiftet', 'vergiftung'],
    it: ['overdose', 'avvelenat[oa]'],
    pt: ['overdose', 'envenenad[oa]'],
  } },
  { issue: 'drowning', category: 'medical', severity: 'high', said: {
    en: ['drowning', 'drowned'], fr: ['se noie', "s'est noye\\w*", 'noyade'], es: ['se ahoga', 'ahogad[oa]'],
    de: ['ertrinkt', 'ertrunken', 'untergegangen', 'taucht nicht (?:mehr )?auf'], it: ['(?:sta )?annegando', 'annega', 'annegat[oa]'],
    pt: ['(?:a )?afogar-se', 'se afogando', 'afogando', 'afogad[oa]', 'afogou-se'],
  } },
  { issue: 'medical emergency', category: 'medical', severity: 'high', said: {
    any: ['ambulan[cz]\\w*', 'krankenwagen', 'rettungswagen', 'notarzt', 'samu'],
    en: ['heat ?stroke', 'hypothermia', 'snake ?bite', 'bitten by a snake'],
    fr: ['insolation grave', 'morsure de serpent'],
    es: ['golpe de calor', 'hipotermia', 'mordedura de serpiente'],
    de: ['hitzschlag', 'unterkuhlung', 'schlangenbiss'],
    it: ['colpo di calore', 'ipotermia', 'morso di serpente'],
    pt: ['insolacao', 'hipotermia', '(?:mordedura|picada) de cobra'],
  } },
  { issue: 'serious injury', category: 'accident', severity: 'high', said: {
    en: ['(?:seriously|badly|critically) (?:injured|hurt|wounded)', 'serious(?:ly)? injur\\w*'],
    fr: ['gravement blesse\\w*', 'blesses? graves?', 'grievement blesse\\w*'],
    es: ['gravemente herid[oa]s?', 'herid[oa]s? graves?', 'heridos de gravedad'],
    de: ['schwer ?verletzt\\w*'],
    it: ['gravemente ferit[oaie]', 'ferit[oaie] grav[ei]', 'ferit[oaie] gravemente'],
    pt: ['gravemente ferid[oa]s?', 'ferid[oa]s? graves?', 'ferid[oa]s? com gravidade'],
  } },
  // --- medical, not life-threatening
  { issue: 'broken bone', category: 'medical', severity: 'medium', said: {
    en: ['(?:arm|leg|wrist|ankle|foot|hand|finger|rib|nose|hip) (?:is |might be |may be )?broken', 'broken (?:arm|leg|wrist|ankle|bone|rib|nose|hip)',
      'broke (?:his|her|my|their) \\w+', 'fractured?'],
    fr: ['fracture[ds]?', 'casse (?:le|la|sa|son|ma|mon) \\w+', 's.est casse'],
    es: ['fractura', 'roto el \\w+', 'roto la \\w+', 'se (?:ha )?roto'],
    de: ['gebrochen', 'bruch'],
    it: ['(?:si e|mi sono|ha) rott[oa]', 'rott[oa] (?:il|la) \\w+', 'frattura'],
    pt: ['(?:partiu|parti|quebrou|quebrei) (?:o|a) \\w+', 'fra(?:c)?tura'],
  } },
  { issue: 'injury', category: 'medical', severity: 'medium', mitigated: 'low', said: {
    en: ['injured', 'hurt (?:himself|herself|myself|badly)', 'bleeding', 'deep cut', 'dislocated', 'concussion',
      'hit (?:his|her|my) head', 'bitten by a dog', 'dog bit'],
    fr: ['blesse\\w*', 'blessure', 'saigne', 'mordu par un chien'],
    es: ['herid[oa]s?', 'sangra(?:ndo)?', 'me mordio un perro'],
    de: ['verletzt', 'verletzung', 'blutet', 'gehirnerschutterung', 'hund hat .{0,20}gebissen'],
    it: ['ferit[oa]', 'sanguina', 'morso da un cane'],
    pt: ['ferid[oa]', 'sangra', 'a sangrar', 'mordid[oa] por um cao'],
  } },
  { issue: 'minor injury', category: 'medical', severity: 'low', intensified: 'medium', said: {
    en: ['sprained', 'twisted (?:my|his|her|their|an?) (?:ankle|wrist|knee)', '(?:small|little|minor) (?:cut|burn)',
      'cut (?:my|his|her) (?:finger|hand|foot)', 'grazed', 'bruise[ds]?', 'burn', 'blistering', 'blisters?'],
    fr: ['entorse', 'coupure', 'ecorche\\w*', 'foule (?:la|le) cheville', 'brule\\w*', 'egratign\\w*'],
    es: ['esguince', 'corte', 'me torci', 'se torcio', 'torcido el tobillo', 'quemadura', 'rasguno', 'raspon', 'aranazo'],
    de: ['verstaucht', 'umgeknickt', 'geschnitten', 'schnittwunde', 'verbrannt', 'aufgeschurft', 'schurfwunde', 'kratzer'],
    it: ['slogat[oa]', 'distorsione', 'storta', '(?:mi sono|si e) stort[oa]', 'tagliat[oa]', 'bruciatura', 'scottat[oa]', 'graffi\\w*',
      'sbucciat[oa]'],
    pt: ['entorse', 'torci', 'torceu', 'cortei(?:-me)?', 'cortou-se', 'queimadura', 'arranh\\w*', 'esfolad[oa]', 'esfolei'],
  } },
  { issue: 'sting or bite', category: 'medical', severity: 'low', intensified: 'medium', said: {
    en: ['stung by (?:a |an )?\\w+', '(?:bee|wasp|jellyfish) sting', 'bitten by (?:a |an )?(?:mosquito|insect|spider|tick)\\w*'],
    fr: ['piqu(?:e|ee|er) par (?:une?|des) \\w+', 'piqure de \\w+'],
    es: ['(?:me|le|nos) pic(?:o|aron) (?:una?|unos|unas) \\w+', 'picadura de \\w+'],
    de: ['von (?:einer|einem|einen) \\w+ gestochen', 'gestochen', '(?:quallen|wespen|bienen)stich'],
    it: ['punt[oaie] da (?:una?|delle|dei) \\w+', 'puntura di \\w+'],
    pt: ['picad[oa] por (?:uma?|umas|uns) \\w+', 'picada de \\w+', 'mordid[oa] por (?:uma?) (?:aranha|carraca|melga|mosquito)'],
  } },
  { issue: 'need a doctor', category: 'medical', severity: 'medium', said: {
    en: ['need (?:a|to see a) doctor', 'call a doctor', 'nearest hospital', 'where is the (?:nearest )?hospital', 'take (?:me|him|her|us) to (?:the|a) hospital',
      'need (?:to go to )?(?:the|a) hospital', 'emergency room'],
    fr: ["besoin d.un medecin", 'appelez? un medecin', 'hopital le plus proche', "ou est l.hopital", 'aux urgences'],
    es: ['necesito (?:un|ver a un) medico', 'llame a un medico', 'hospital mas cercano', 'donde esta el hospital', 'a urgencias'],
    de: ['brauche einen arzt', 'rufen sie einen arzt', 'nachste krankenhaus', 'wo ist das krankenhaus', 'ins krankenhaus', 'notaufnahme'],
    it: ['(?:ho )?bisogno di un medico', 'chiamate un medico', 'ospedale piu vicino', "dov'e l'ospedale", 'pronto soccorso'],
    pt: ['preciso de um medico', 'chamem um medico', 'hospital mais proximo', 'onde (?:fica|e) o hospital', 'as urgencias'],
  } },
  { issue: 'pain', category: 'medical', severity: 'low', intensified: 'medium', said: {
    en: ['stomach (?:ache|pain)', 'stomachache', 'toothache', 'headache', 'migraine', 'pain', 'it hurts', 'hurts', 'sore throat'],
    fr: ['mal (?:au|a la|aux) \\w+', 'douleurs?'],
    es: ['me duele', 'le duele', 'dolor(?:es)?'],
    de: ['schmerzen', 'tut (?:mir )?\\w* ?weh', 'kopfschmerzen', 'bauchschmerzen', 'zahnschmerzen', 'halsschmerzen', 'halsweh'],
    it: ['mal di \\w+', 'dolor[ei]', "(?:mi )?fa (?:(?:un po'?|molto|tanto) )?male"],
    pt: ['dor(?:es)? de \\w+', 'dor(?:es)?', 'doi(?:-me)?'],
  } },
  { issue: 'feeling ill', category: 'medical', severity: 'low', intensified: 'medium', said: {
    en: ['fever', 'vomiting', 'throwing up', 'diarrh?o?ea', 'food poisoning', 'nausea', 'feel (?:sick|ill|dizzy)', 'dizzy', 'sunburn',
      '(?:a|the) (?:slight |mild |bad |heavy |nasty |head )?cold', 'flu', 'runny nose', 'blocked nose', 'upset stomach', 'stomach bug',
      'stomach (?:is |has been |was )?(?:(?:a bit|a little|slightly|really|very) )?upset'],
    fr: ['fievre', 'vomi\\w*', 'diarrhee', 'intoxication alimentaire', 'nausee', 'vertiges?', 'coup de soleil', 'rhume', 'grippe'],
    es: ['fiebre', 'vomit\\w*', 'diarrea', 'intoxicacion alimentaria', 'me intoxique', 'mareado', 'quemadura solar', 'resfriado', 'gripe',
      'estomago revuelto', 'me (?:sento|siento) mal'],
    de: ['fieber', 'erbrechen', 'ubergeben', 'durchfall', 'lebensmittelvergiftung', 'schwindlig', 'ubel', 'sonnenbrand', 'erkaltet', 'erkaltung'],
    it: ['febbre', 'vomit\\w*', 'diarrea', 'nausea', 'intossicazione alimentare', 'vertigini', 'raffreddore', 'influenza'],
    pt: ['febre', 'vomit\\w*', 'diarreia', 'nauseas?', 'intoxicacao alimentar', 'tonturas?', 'escaldao', 'constipad[oa]', 'gripe',
      'estomago as voltas', 'indisposto'],
  } },
  // --- police
  { issue: 'threat to safety', category: 'police', severity: 'high', said: {
    en: ['following me', 'being followed', 'feel unsafe', 'not safe', 'threaten\\w*', 'attack(?:ed|ing)', 'assault(?:ed)?', 'raped?',
      'kidnapp?(?:ed|ing)', 'abducted', '(?:has|have|with|pulled|held|holding) a (?:gun|knife)', '(?:knife|gun) to (?:my|his|her|our) \\w+', 'gunpoint', 'knifepoint', 'stabbed', 'been shot',
      'shot (?:him|her|me|at)', 'hostage', 'in danger', 'domestic violence'],
    fr: ['me suit', 'suivie? par', 'en danger', 'menace\\w*', 'agresse\\w*', 'agression', 'viol(?:ee)?', 'enleve\\w*', 'poignarde',
      'avec un couteau'],
    es: ['me (?:esta )?siguiendo', 'me siguen', 'en peligro', 'amenaza\\w*', 'atacad[oa]', 'agredid[oa]', 'agresion', 'violad[oa]',
      'secuestr\\w*', 'apunalad[oa]', 'con un cuchillo', 'con una pistola'],
    de: ['verfolgt mich', 'werde verfolgt', 'in gefahr', 'bedroht', 'angegriffen', 'uberfallen', 'vergewaltigt', 'entfuhrt', 'erstochen',
      'niedergestochen', 'mit einem messer', 'mit einer waffe'],
    it: ['mi (?:sta )?segu\\w+', 'in pericolo', 'minacciat\\w*', 'aggredit[oa]', 'aggressione', 'violentat[oa]', 'rapit[oa]',
      'accoltellat[oa]', 'con un coltello', 'con una pistola'],
    pt: ['(?:esta-me|esta) a seguir', 'a seguir-me', 'em perigo', 'ameac\\w+', 'agredid[oa]', 'agressao', 'violad[oa]', 'raptad[oa]',
      'sequestrad[oa]', 'esfaquead[oa]', 'com uma (?:faca|arma|pistola)'],
  } },
  { issue: 'missing person', category: 'police', severity: 'high', said: {
    en: ["(?:son|daughter|child|kid|boy|girl|wife|husband|friend|mother|father|mom|dad) (?:is|has gone|went) missing",
      'lost (?:my|our) (?:son|daughter|child|kid)', "can'?t find (?:my|our) (?:son|daughter|child|kid|boy|girl|wife|husband|friend)",
      'missing (?:child|person|daughter|son)'],
    fr: ['(?:fils|fille|enfant|femme|mari|amie?) (?:a|est) disparue?', 'ne trouve plus (?:mon|ma) (?:fils|fille|enfant)'],
    es: ['(?:hijo|hija|nino|nina|esposa|marido|amig[oa]) (?:ha )?desaparecid[oa]', 'no encuentro a mi (?:hijo|hija|nino|nina)'],
    de: ['(?:sohn|tochter|kind|frau|mann|freund\\w*) (?:ist )?(?:verschwunden|vermisst)', 'finde meine[nr]? (?:sohn|tochter|kind) nicht'],
    it: ['(?:figlio|figlia|bambin[oa]|moglie|marito|amic[oa]) (?:e )?(?:scompars[oa]|sparit[oa])', 'si e pers[oa]',
      'non (?:lo|la) troviamo', 'non troviamo (?:piu )?(?:mio|mia|nostro|nostra)'],
    pt: ['(?:filho|filha|crianca|mulher|marido|amig[oa]) desapareceu', 'desaparecid[oa]', 'nao (?:o|a) encontr\\w+',
      'nao encontro (?:o meu|a minha) (?:filho|filha)'],
  } },
  { issue: 'theft', category: 'lost-or-stolen', severity: 'medium', said: {
    en: ['stolen', 'stole', 'robbed', 'mugged', 'ransacked', 'pickpocket\\w*', 'snatched', 'burglar\\w*', 'broke into', 'theft', 'thief', 'thieves',
      '(?:lifted|nicked|swiped) (?:my|his|her|our|their)', '(?:was|were|got|been) taken from'],
    fr: ['vole', 'volee?s?', 'fait voler', 'cambriol\\w*', 'pickpocket', 'arrache', 'voleurs?'],
    es: ['robad[oa]s?', 'robaron', 'robo', 'carterista', 'asaltad[oa]', 'asaltaron', 'ladron(?:es)?', 'desvalij\\w+'],
    de: ['gestohlen', 'geklaut', 'beklaut', 'ausgeraubt', 'diebstahl', 'dieb', 'taschendieb\\w*', 'eingebrochen', 'aufgebrochen'],
    it: ['rubat[oaie]', 'derubat[oaie]', 'furto', 'ladr[oi]', 'borseggiat\\w*', 'borseggiator\\w*', 'scippat\\w*', 'scippo',
      'svaligiat[oaie]'],
    pt: ['roubad[oa]s?', 'roubaram(?:-me|-nos)?', 'roubo', 'furtad[oa]s?', 'furto', 'ladra[oe]s?', 'carteirista', 'assaltad[oa]s?',
      'assaltaram', 'assalto'],
  } },
  { issue: 'police needed', category: 'police', severity: 'medium', said: {
    en: ['(?:call|get|need) the police', 'call the cops', 'scammed', 'harass\\w*'],
    fr: ['appelez la police', 'appeler la police', 'arnaque\\w*', 'escroqu\\w*', 'harcele\\w*'],
    es: ['llame a la policia', 'llamen a la policia', 'llamar a la policia', 'estafad[oa]s?', 'estafaron', 'acosad[oa]'],
    de: ['rufen sie die polizei', 'ruf die polizei', 'die polizei rufen', 'betrogen', 'abgezockt', 'belastigt'],
    it: ['chiamate la polizia', 'chiamare la polizia', 'chiamate i carabinieri', 'truffat[oaie]', 'molestat[oa]'],
    pt: ['chamem a policia', 'chamar a policia', 'burlad[oa]s?', 'enganou-(?:me|nos)', 'assediad[oa]'],
  } },
  // --- fire and disasters
  { issue: 'fire', category: 'fire', severity: 'high', said: {
    en: ['fire', 'on fire', 'smell smoke', 'full of smoke', 'there is smoke', 'smoke (?:is )?coming', '(?:is|are|something) burning', 'flames',
      'gas leak', 'explosion', 'fire brigade', 'fire department'],
    fr: ['incendie', 'au feu', 'feu', 'fumee', 'fuite de gaz', 'pompiers', 'en flammes'],
    es: ['incendio', 'fuego', 'humo', 'fuga de gas', 'bomberos', 'se (?:esta )?quemando', 'esta ardiendo', 'en llamas'],
    de: ['feuer', 'brennt', '(?:ein|der) brand', 'rauch', 'gasleck', 'feuerwehr'],
    it: ['incendio', 'al fuoco', 'fuoco', 'fumo', 'fiamme', 'fuga di gas', 'vigili del fuoco', 'sta bruciando', 'esplosione'],
    pt: ['incendio', 'fogo', 'fumo', 'fumaca', 'chamas', '(?:fuga|vazamento) de gas', 'bombeiros', 'a arder', 'explosao'],
  } },
  { issue: 'natural disaster', category: 'fire', severity: 'high', said: {
    any: ['tsunami', 'avalanche'],
    en: ['earthquake', 'flood\\w*'],
    fr: ['tremblement de terre', 'seisme', 'inondation'],
    es: ['terremoto', 'sismo', 'inundacion'],
    de: ['erdbeben', 'uberschwemmung', 'lawine'],
    it: ['terremoto', 'alluvione', 'inondazione', 'valanga'],
    pt: ['terramoto', 'terremoto', 'sismo', 'inundacao', 'cheia'],
  } },
  // --- accidents
  { issue: 'road accident', category: 'accident', severity: 'high', said: {
    en: ['car (?:accident|crash)', 'hit by a (?:car|bus|truck|motorbike|scooter)', 'run over', '(?:bus|motorbike|scooter|bike|plane) crash',
      'head-on collision'],
    fr: ['accident de (?:voiture|la route|moto)', 'renversee? par'],
    es: ['accidente de (?:coche|carro|trafico|auto|moto)', 'atropellad[oa]', 'choque (?:frontal|de (?:coches|autos|carros))'],
    de: ['autounfall', 'verkehrsunfall', 'angefahren', 'uberfahren'],
    it: ["incidente (?:stradale|d'auto|in moto)", 'investit[oa]'],
    pt: ['acidente de (?:carro|viacao|transito|mota|moto)', 'atropelad[oa]', 'choque frontal'],
  } },
  { issue: 'accident', category: 'accident', severity: 'medium', yieldsToInjury: true, said: {
    en: ['accident', 'fell(?: down| off| over)?', 'fallen', 'slipped'],
    fr: ['est tombee?', 'tombee?'],
    es: ['accidente', 'se cayo', 'me cai'],
    de: ['unfall', 'gesturzt', 'hingefallen'],
    it: ['incidente', 'e cadut[oa]', 'sono cadut[oa]'],
    pt: ['acidente', 'caiu', 'cai'],
  } },
  // --- distress calls
  { issue: 'call for help', category: 'distress', severity: 'medium', said: {
    any: ['emergency', 'emergenc[iy]a', 'urgence', 'notfall', 'emergenza', 'socorro', 'au secours', 'aiuto\\s*!?'],
    en: ['(?:^|[.!?]\\s*)help\\s*[!,]', 'help me\\s*!', '(?:somebody|someone|please) help'],
    fr: ["a l'aide"],
    es: ['auxilio', 'ayuda\\s*!'],
    de: ['(?:^|[.!?]\\s*)hilfe\\s*[!,]'],
    it: ['soccorso'],
    pt: ['ajuda\\s*!'],
  } },
];

/** Lost (not stolen) belongings: the verb and the thing may be far apart ("Reisepass in Wien verloren"). */
export const LOSS_VERBS: Said = {
  en: ['lost', 'lose', 'misplaced', "can'?t find", 'cannot find', 'left (?:my|our|his|her|it|them)', '(?:is|are) gone', 'disappeared',
    'vanished'],
  fr: ['perdu', 'egare', 'oublie', '(?:a|ont) disparu'],
  es: ['perdi', 'perdido', 'perdio', 'olvide', 'desaparecio', 'desaparecieron'],
  de: ['verloren', 'vergessen', 'finde .{0,30} nicht', 'liegen ?(?:ge)?lassen', 'verschwunden'],
  it: ['perso', 'persa', 'smarrit[oa]', 'dimenticat[oa]', 'lasciat[oa]', 'non (?:lo|la|li|le) trovo piu', 'sparit[oaie]', 'scompars[oaie]'],
  pt: ['perdi', 'perdeu', 'perdido', 'esqueci', 'deixei', 'desapareceu', 'desapareceram'],
};
/** Identity and travel documents: losing one is medium, as a theft is (issue 27), not low as other belongings. */
export const DOCUMENTS: Said = {
  en: ['passport', '(?:identity|id) card', 'id', 'visa', 'documents', 'papers', 'residence permit', "driv(?:ing|er'?s) licen[cs]e"],
  fr: ['passeport', "carte d'identite", "papiers(?: d'identite)?", 'titre de sejour', 'permis de conduire', 'visa'],
  es: ['pasaporte', 'dni', 'documento de identidad', 'documentos', 'carnet de identidad', 'cedula', 'visado', 'permiso de conducir'],
  de: ['reisepass', 'pass', 'personalausweis', 'ausweis', 'papiere', 'dokumente', 'visum', 'fuhrerschein', 'aufenthaltstitel'],
  it: ['passaporto', "carta d'identita", 'documenti', 'patente', 'permesso di soggiorno'],
  pt: ['passaporte', 'cartao de cidadao', 'bilhete de identidade', 'documentos', 'carta de conducao', 'autorizacao de residencia'],
};
export const BELONGINGS: Said = {
  en: ['passport', 'wallet', 'purse', 'phone', 'bag', 'backpack', 'luggage', 'suitcase', 'keys?', '(?:credit |bank )?cards?', 'tickets?',
    'money', 'camera', 'laptop', 'documents', 'visa', 'id'],
  fr: ['passeport', 'portefeuille', 'telephone', 'portable', 'sac', 'valise', 'bagages?', 'cles?', 'carte', 'billets?', 'argent', 'papiers'],
  es: ['pasaporte', 'cartera', 'billetera', 'movil', 'celular', 'telefono', 'bolso', 'mochila', 'maleta', 'equipaje', 'llaves?',
    'tarjeta', 'billete', 'dinero', 'documentos'],
  de: ['reisepass', 'pass', 'geldbeutel', 'geldborse', 'brieftasche', 'handy', 'tasche', 'rucksack', 'koffer', 'gepack', 'schlussel',
    'karte', 'ausweis', 'geld', 'papiere', 'fahrkarte', 'ticket'],
  it: ['passaporto', 'portafoglio', 'telefono', 'cellulare', 'borsa', 'zaino', 'valigia', 'bagagli?o?', 'chiavi', 'carta', 'biglietto',
    'soldi', 'documenti', "carta d'identita"],
  pt: ['passaporte', 'carteira', 'telemovel', 'telefone', 'celular', 'mala', 'mochila', 'bagagem', 'chaves?', 'cartao', 'bilhete',
    'dinheiro', 'documentos'],
};

/** Words before a term that say it is not happening: "no fire", "I don't need a doctor", "pas de fièvre". */
export const NEGATIONS: Said = {
  en: ['no', 'not', "don'?t", "doesn'?t", "didn'?t", "isn'?t", "wasn'?t", 'never', 'without', 'nobody', 'nothing'],
  fr: ['pas', 'plus', 'sans', 'jamais', 'aucun\\w*', 'ni'],
  es: ['no', 'nunca', 'sin', 'nadie', 'nada'],
  de: ['nicht', 'kein\\w*', 'ohne', 'nie', 'niemand'],
  it: ['non', 'nessun\\w*', 'niente', 'nulla', 'senza', 'mai'],
  pt: ['nao', 'nem', 'nunca', 'sem', 'nenhum\\w*', 'nada', 'ninguem'],
};

/** Phrases that contain an alarming word but are not an emergency; removed before matching. */
export const HARMLESS_PHRASES: Said = {
  en: ['fire exits?', 'fire escape', 'fire alarm test', 'fireworks?', 'fireplace', 'campfire', 'fire pit', 'fire station', 'ceasefire',
    'no problem', 'no emergency', 'not an emergency', 'lost my way', 'got lost', 'we are lost', "i'?m lost", 'lost track of time',
    'crash course', 'by accident', 'fell asleep', 'fell in love', 'emergency exit', 'emergency number', 'in case of emergency',
    'smoke-free', 'no smoking', 'smoking', 'feeling lost', '(?:is|was|that\'?s|it\'?s) (?:daylight |highway )?robbery',
    '(?:a|the) cold (?:beer|drink|water|one)'],
  fr: ['sortie de secours', "feux? d'artifice", 'feu rouge', 'feu vert', '(?:au )?coin du feu', 'pas de probleme',
    'pain au chocolat', 'pain aux raisins', '(?:le|du|un|de) pain', 'perdu mon chemin', "en cas d.urgence", "numero d.urgence",
    'non-fumeur', "c'est du vol", "c'est (?:une )?(?:arnaque|escroquerie)"],
  es: ['salida de (?:emergencia|incendios)', 'fuegos artificiales', 'sin problema', 'perdido el camino', 'en caso de emergencia',
    'numero de emergencia', '(?:es|fue|era) un robo', '(?:es|fue|era) una estafa'],
  de: ['notausgang', 'feuerwerk', 'lagerfeuer', 'feuerzeug', 'kein problem', 'verlaufen', 'im notfall', 'notfallnummer'],
  it: ["uscita di (?:emergenza|sicurezza)", "fuochi d'artificio", 'caminetto', 'nessun problema', 'ci siamo pers[ie]',
    'mi sono pers[oa]', 'numero di emergenza', 'in caso di emergenza', 'e un furto', 'un caldo da morire'],
  pt: ['saida de emergencia', 'fogos? de artificio', 'lareira', 'sem problema', 'nao ha problema', 'estamos perdidos', 'perdi-me',
    'numero de emergencia', 'em caso de emergencia', '(?:e|isto e) um roubo'],
};

/**
 * Words that say a sentence tells a story, history or a film, not what is happening now ("a documentary about
 * the Great Fire", "ce film raconte l'incendie"): fires, disasters, crimes and accidents in that sentence are
 * not emergencies. Medical terms and cries for help are kept.
 */
export const STORY_CUES: Said = {
  en: ['documentary', 'film', 'movie', 'book', 'novel', 'story', 'history', 'exhibition', 'painting', 'series', 'great fire'],
  fr: ['film', 'documentaire', 'livre', 'roman', 'histoire', 'exposition', 'tableau', 'raconte'],
  es: ['pelicula', 'documental', 'libro', 'novela', 'historia', 'exposicion', 'cuadro', 'trata (?:de|del|sobre)'],
  de: ['film', 'dokumentation', 'doku', 'buch', 'roman', 'geschichte', 'ausstellung', 'gemalde', 'erzahlt'],
  it: ['film', 'documentario', 'libro', 'romanzo', 'storia', 'mostra', 'quadro', 'racconta', 'parla (?:di|del|della)'],
  pt: ['filme', 'documentario', 'livro', 'romance', 'historia', 'exposicao', 'quadro', 'conta a'],
};

/**
 * Said of a hurt or an illness to say it is minor: "nothing serious", "rien de grave", "nichts Schlimmes". A fall
 * or an injury that the speaker calls nothing serious is low, whatever word named it (a theft stays medium).
 */
export const REASSURANCES: Said = {
  en: ['nothing serious', "(?:it'?s |is )?not serious", "(?:it'?s )?only a scratch", 'nothing bad'],
  fr: ['rien de (?:grave|serieux)', "(?:ce n'est |c'est )?pas grave"],
  es: ['(?:no es )?nada (?:de )?grave', 'no es grave'],
  de: ['nichts (?:schlimmes|ernstes)', 'nicht (?:so )?schlimm'],
  it: ['niente di grave', 'nulla di grave', 'non e grave'],
  pt: ['nada de grave', 'nao e (?:nada|grave)'],
};

/** Said with the symptom: "very", "a lot", "mucho", "sehr"... */
export const INTENSIFIERS: Said = {
  en: ['very', 'really', 'so much', 'a lot', 'severe', 'terrible', 'unbearable', 'extreme', 'high', 'bad', 'badly'],
  fr: ['tres', 'beaucoup', 'horrible', 'insupportable', 'forte?', 'enormement'],
  es: ['muy', 'mucho', 'muchisimo', 'fuerte', 'insoportable', 'alta'],
  de: ['sehr', 'stark\\w*', 'schlimm\\w*', 'furchtbar', 'unertraglich', 'hohes'],
  it: ['molto', 'tantissimo', 'forte', 'fortissimo', 'terribile', 'insopportabile', 'alta'],
  pt: ['muito', 'muitissimo', 'forte', 'terrivel', 'insuportavel', 'alta', 'imenso'],
};
/** Said with the symptom: "mild", "a little", "un peu", "leicht"... */
export const MITIGATORS: Said = {
  en: ['mild', 'slight', 'little', 'a bit', 'minor', 'small'],
  fr: ['leger', 'legere', 'un peu', 'petite?'],
  es: ['leve', 'un poco', 'poco', 'pequen[oa]'],
  de: ['leicht\\w*', 'bisschen', 'etwas', 'kleine?'],
  it: ['legger[oa]', 'leggermente', "un po'?", 'lieve', 'piccol[oa]'],
  pt: ['ligeir[oa]', 'ligeiramente', 'um pouco', 'pouco', 'pequen[oa]', 'leve'],
};
