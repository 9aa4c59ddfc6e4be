// What travellers say when something is wrong, in en, fr, es and de, folded (lower case, no accents).
// Severity (SPEC §3): high = life may be at risk; medium = crime, loss or injury that is not
// life-threatening; low = minor. Each pattern is a RegExp source matched between word edges.

export type EmergencyCategory = 'medical' | 'police' | 'fire' | 'lost-or-stolen' | 'accident' | 'distress';
export type Severity = 'high' | 'medium' | 'low';

export interface LexiconEntry {
  /** The issue as shown on the card's badge. */
  readonly issue: string;
  readonly category: EmergencyCategory;
  readonly severity: Severity;
  /** Said with "very", "a lot", "mucho", "sehr"...: one step more serious. */
  readonly intensified?: Severity;
  readonly patterns: readonly string[];
}

export const LEXICON: readonly LexiconEntry[] = [
  // --- medical, life-threatening
  { issue: 'breathing difficulty', category: 'medical', severity: 'high', patterns: [
    "can'?t breathe", 'cannot breathe', 'not breathing', 'struggling to breathe', 'trouble breathing', 'short of breath',
    'choking', 'ne (?:peut|peux) (?:plus )?pas respirer', 'ne respire (?:plus|pas)', "n'arrive pas a respirer", "s'etouffe",
    'no (?:puede|puedo) respirar', 'no respira', 'se (?:esta )?ahoga\\w*', 'kann nicht atmen', 'atmet nicht', 'atemnot', 'erstickt',
  ] },
  { issue: 'chest pain', category: 'medical', severity: 'high', patterns: [
    'chest pains?', 'heart attack', 'cardiac arrest', 'douleurs? (?:a la|dans la) poitrine', 'douleur thoracique', 'crise cardiaque',
    'arret cardiaque', 'dolor (?:en el|de) pecho', 'infarto', 'ataque (?:al corazon|cardiaco)', 'brustschmerzen', 'herzinfarkt',
    'herzanfall', 'herzstillstand',
  ] },
  { issue: 'unconscious', category: 'medical', severity: 'high', patterns: [
    'unconscious', 'passed out', 'fainted', "won'?t wake up", 'not responding', 'collapsed', 'perdu connaissance', 'inconscient',
    'evanoui', "s'est evanoui", 'ne se reveille pas', 'inconsciente', 'desmayad[oa]', 'se desmayo', 'perdio el conocimiento',
    'no despierta', 'bewusstlos', 'ohnmachtig', 'zusammengebrochen', 'wacht nicht auf',
  ] },
  { issue: 'stroke or seizure', category: 'medical', severity: 'high', patterns: [
    'stroke', 'seizure', 'convulsions?', 'avc', 'crise d.epilepsie', 'convulsions?', 'derrame cerebral', 'ictus', 'convulsion(?:es)?',
    'schlaganfall', 'krampfanfall', 'epileptischer anfall',
  ] },
  { issue: 'severe allergic reaction', category: 'medical', severity: 'high', patterns: [
    'allergic (?:reaction|shock)', 'anaphyla\\w*', 'throat is (?:swelling|closing)', 'choc allergique', 'reaction allergique',
    'choc anaphylactique', 'reaccion alergica', 'shock anafilactico', 'choque anafilactico', 'allergische[nr]? (?:schock|reaktion)',
    'anaphylaktische[nr]? schock',
  ] },
  { issue: 'heavy bleeding', category: 'medical', severity: 'high', intensified: 'high', patterns: [
    "bleeding (?:heavily|a lot|badly|everywhere)", "(?:won'?t|doesn'?t) stop bleeding", 'saigne beaucoup', 'hemorragie',
    'sangra mucho', 'hemorragia', 'blutet stark', 'starke blutung',
  ] },
  { issue: 'overdose or poisoning', category: 'medical', severity: 'high', patterns: [
    'overdose', 'poisoned', 'swallowed (?:bleach|poison)', 'surdose', 'empoisonne', 'intoxique', 'sobredosis', 'envenenad[oa]',
    'uberdosis', 'vergiftet', 'vergiftung',
  ] },
  { issue: 'drowning', category: 'medical', severity: 'high', patterns: ['drowning', 'se noie', 'se ahoga', 'ertrinkt'] },
  { issue: 'medical emergency', category: 'medical', severity: 'high', patterns: [
    '(?:call|get|need) an ambulance', 'ambulance', 'ambulancia', 'krankenwagen', 'rettungswagen', 'notarzt', 'samu',
    'heat ?stroke', 'insolation grave', 'golpe de calor', 'hitzschlag', 'hypothermia', 'hipotermia', 'unterkuhlung',
    'snake ?bite', 'bitten by a snake', 'morsure de serpent', 'mordedura de serpiente', 'schlangenbiss',
  ] },
  // --- medical, not life-threatening
  { issue: 'broken bone', category: 'medical', severity: 'medium', patterns: [
    '(?:arm|leg|wrist|ankle|foot|hand|finger|rib|nose|hip) (?:is |might be |may be )?broken', 'broken (?:arm|leg|wrist|ankle|bone|rib|nose|hip)',
    'broke (?:his|her|my|their) \\w+', 'fracture[ds]?', 'casse (?:le|la|sa|son|ma|mon) \\w+', 's.est casse', 'fractura', 'roto el \\w+',
    'se (?:ha )?roto', 'gebrochen', 'bruch',
  ] },
  { issue: 'injury', category: 'medical', severity: 'medium', patterns: [
    'injured', 'hurt (?:himself|herself|myself|badly)', 'bleeding', 'deep cut', 'sprained', 'dislocated', 'concussion',
    'hit (?:his|her|my) head', 'bitten by a dog', 'dog bit', 'blesse', 'blessure', 'saigne', 'entorse', 'mordu par un chien',
    'herid[oa]', 'sangra', 'esguince', 'me mordio un perro', 'verletzt', 'verletzung', 'blutet', 'verstaucht', 'gehirnerschutterung',
    'hund hat .{0,20}gebissen',
  ] },
  { issue: 'need a doctor', category: 'medical', severity: 'medium', patterns: [
    'need (?:a|to see a) doctor', 'call a doctor', 'nearest hospital', 'where is the (?:nearest )?hospital', 'take (?:me|him|her|us) to (?:the|a) hospital',
    'need (?:to go to )?(?:the|a) hospital', 'emergency room', 'besoin d.un medecin', 'appelez? un medecin', 'hopital le plus proche',
    'ou est l.hopital', 'aux urgences', 'necesito (?:un|ver a un) medico', 'llame a un medico', 'hospital mas cercano',
    'donde esta el hospital', 'a urgencias', 'brauche einen arzt', 'rufen sie einen arzt', 'nachste krankenhaus',
    'wo ist das krankenhaus', 'ins krankenhaus', 'notaufnahme',
  ] },
  { issue: 'pain', category: 'medical', severity: 'low', intensified: 'medium', patterns: [
    'stomach (?:ache|pain)', 'stomachache', 'toothache', 'headache', 'migraine', 'pain', 'it hurts', 'hurts', 'mal (?:au|a la|aux) \\w+',
    'douleurs?', 'me duele', 'le duele', 'dolor(?:es)?', 'schmerzen', 'tut (?:mir )?\\w* ?weh', 'kopfschmerzen', 'bauchschmerzen',
    'zahnschmerzen',
  ] },
  { issue: 'feeling ill', category: 'medical', severity: 'low', intensified: 'medium', patterns: [
    'fever', 'vomiting', 'throwing up', 'diarrh?o?ea', 'food poisoning', 'nausea', 'feel (?:sick|ill|dizzy)', 'dizzy', 'sunburn',
    'fievre', 'vomi\\w*', 'diarrhee', 'intoxication alimentaire', 'nausee', 'vertiges?', 'coup de soleil', 'fiebre', 'vomit\\w*',
    'diarrea', 'intoxicacion alimentaria', 'mareado', 'quemadura solar', 'fieber', 'erbrechen', 'ubergeben', 'durchfall',
    'lebensmittelvergiftung', 'schwindlig', 'ubel', 'sonnenbrand',
  ] },
  // --- police
  { issue: 'threat to safety', category: 'police', severity: 'high', patterns: [
    'following me', 'being followed', 'feel unsafe', 'not safe', 'threaten\\w*', 'attack(?:ed|ing)', 'assault(?:ed)?', 'raped?',
    'kidnapp?(?:ed|ing)', 'abducted', '(?:has|have|with|pulled|holding) a (?:gun|knife)', 'gunpoint', 'knifepoint', 'stabbed', 'been shot', 'shot (?:him|her|me|at)', 'hostage', 'in danger', 'domestic violence',
    'me suit', 'suivi par', 'en danger', 'menace\\w*', 'agresse\\w*', 'agression', 'viol(?:ee)?', 'enleve\\w*',
    'poignarde', 'me (?:esta )?siguiendo', 'me siguen', 'en peligro', 'amenaza\\w*', 'atacad[oa]', 'agredid[oa]', 'agresion',
    'violad[oa]', 'secuestr\\w*', 'apunalad[oa]', 'verfolgt mich', 'werde verfolgt', 'in gefahr',
    'bedroht', 'angegriffen', 'uberfallen', 'vergewaltigt', 'entfuhrt', 'erstochen', 'niedergestochen',
  ] },
  { issue: 'missing person', category: 'police', severity: 'high', patterns: [
    "(?:son|daughter|child|kid|boy|girl|wife|husband|friend|mother|father|mom|dad) (?:is|has gone|went) missing",
    "lost (?:my|our) (?:son|daughter|child|kid)", "can'?t find (?:my|our) (?:son|daughter|child|kid|boy|girl|wife|husband|friend)", 'missing (?:child|person|daughter|son)',
    '(?:fils|fille|enfant|femme|mari|ami[e]?) (?:a|est) disparu', 'ne trouve plus (?:mon|ma) (?:fils|fille|enfant)',
    '(?:hijo|hija|nino|nina|esposa|marido|amig[oa]) (?:ha )?desaparecid[oa]', 'no encuentro a mi (?:hijo|hija|nino|nina)',
    '(?:sohn|tochter|kind|frau|mann|freund\\w*) (?:ist )?(?:verschwunden|vermisst)', 'finde meine[nr]? (?:sohn|tochter|kind) nicht',
  ] },
  { issue: 'theft', category: 'lost-or-stolen', severity: 'medium', patterns: [
    'stolen', 'stole', 'robbed', 'mugged', 'pickpocket\\w*', 'snatched', 'burglar\\w*', 'broke into', 'theft', 'thief',
    'vole', 'volee', 'cambriol\\w*', 'pickpocket', 'arrache', 'robad[oa]', 'robaron', 'robo', 'carterista', 'asaltad[oa]',
    'me asaltaron', 'gestohlen', 'geklaut', 'beklaut', 'ausgeraubt', 'diebstahl', 'dieb', 'taschendieb\\w*', 'eingebrochen',
  ] },
  { issue: 'police needed', category: 'police', severity: 'medium', patterns: [
    '(?:call|get|need) the police', 'call the cops', 'appelez la police', 'appeler la police', 'llame a la policia',
    'llamen a la policia', 'llamar a la policia', 'rufen sie die polizei', 'ruf die polizei', 'die polizei rufen', 'scammed',
    'arnaque', 'estafad[oa]', 'betrogen', 'harass\\w*', 'harcele\\w*', 'acosad[oa]', 'belastigt',
  ] },
  // --- fire and disasters
  { issue: 'fire', category: 'fire', severity: 'high', patterns: [
    'fire', 'on fire', 'smell smoke', 'full of smoke', 'there is smoke', 'smoke (?:is )?coming', '(?:is|are|something) burning', 'flames', 'gas leak', 'explosion', 'incendie', 'au feu', 'feu', 'fumee',
    'fuite de gaz', 'incendio', 'fuego', 'humo', 'fuga de gas', 'feuer', 'brennt', '(?:ein|der) brand', 'rauch', 'gasleck', 'fire brigade',
    'fire department', 'pompiers', 'bomberos', 'feuerwehr',
  ] },
  { issue: 'natural disaster', category: 'fire', severity: 'high', patterns: [
    'earthquake', 'tsunami', 'flood\\w*', 'avalanche', 'tremblement de terre', 'seisme', 'inondation', 'terremoto', 'sismo',
    'inundacion', 'erdbeben', 'uberschwemmung', 'lawine',
  ] },
  // --- accidents
  { issue: 'road accident', category: 'accident', severity: 'high', patterns: [
    'car (?:accident|crash)', 'hit by a (?:car|bus|truck|motorbike|scooter)', 'run over', '(?:bus|motorbike|scooter|bike|plane) crash', 'accident de (?:voiture|la route|moto)',
    'renversee? par', 'accidente de (?:coche|carro|trafico|auto|moto)', 'atropellad[oa]', 'autounfall', 'verkehrsunfall',
    'angefahren', 'uberfahren',
  ] },
  { issue: 'accident', category: 'accident', severity: 'medium', patterns: [
    'accident', 'fell(?: down| off| over)?', 'fallen', 'slipped', 'est tombe', 'tombee?', 'accidente', 'se cayo', 'me cai',
    'unfall', 'gesturzt', 'hingefallen',
  ] },
  // --- distress calls
  { issue: 'call for help', category: 'distress', severity: 'medium', patterns: [
    '(?:^|[.!?]\\s*)help\\s*[!,]', 'help me\\s*!', '(?:somebody|someone|please) help', 'emergency', 'au secours', "a l'aide", 'urgence',
    'socorro', 'auxilio', 'ayuda\\s*!', 'emergencia', '(?:^|[.!?]\\s*)hilfe\\s*[!,]', 'notfall',
  ] },
];

/** Lost (not stolen) belongings: the verb and the thing may be far apart ("Reisepass in Wien verloren"). */
export const LOSS_VERBS: readonly string[] = [
  'lost', 'lose', 'misplaced', "can'?t find", 'cannot find', 'left (?:my|our|his|her)', 'perdu', 'egare', 'oublie', 'perdi', 'perdido', 'perdio',
  'olvide', 'verloren', 'vergessen', 'finde .{0,30} nicht',
];
export const BELONGINGS: readonly string[] = [
  'passport', 'wallet', 'purse', 'phone', 'bag', 'backpack', 'luggage', 'suitcase', 'keys?', '(?:credit |bank )?cards?', 'tickets?',
  'money', 'camera', 'laptop', 'documents', 'visa', 'id', 'passeport', 'portefeuille', 'telephone', 'portable', 'sac', 'valise',
  'bagages?', 'cles?', 'carte', 'billets?', 'argent', 'papiers', 'pasaporte', 'cartera', 'billetera', 'movil', 'celular', 'telefono',
  'bolso', 'mochila', 'maleta', 'equipaje', 'llaves?', 'tarjeta', 'billete', 'dinero', 'documentos', 'reisepass', 'pass',
  'geldbeutel', 'geldborse', 'brieftasche', 'handy', 'tasche', 'rucksack', 'koffer', 'gepack', 'schlussel', 'karte', 'ausweis',
  'geld', 'papiere', 'fahrkarte', 'ticket',
];

/** Words before a term that say it is not happening: "no fire", "I don't need a doctor", "pas de fièvre". */
export const NEGATIONS: readonly string[] = [
  'no', 'not', "don'?t", "doesn'?t", "didn'?t", "isn'?t", "wasn'?t", 'never', 'without', 'nobody', 'nothing', 'pas', 'plus',
  'sans', 'jamais', 'aucun\\w*', 'ni', 'nunca', 'sin', 'nadie', 'nada', 'nicht', 'kein\\w*', 'ohne', 'nie', 'niemand',
];

/** Phrases that contain an alarming word but are not an emergency; removed before matching. */
export const HARMLESS_PHRASES: readonly string[] = [
  'fire exits?', 'fire escape', 'fire alarm test', 'fireworks?', 'fireplace', 'campfire', 'fire pit', 'fire station',
  'ceasefire', 'sortie de secours', "feux? d'artifice", 'feu rouge', 'feu vert', 'coin du feu',
  'au coin du feu', 'salida de (?:emergencia|incendios)', 'fuegos artificiales', 'notausgang', 'feuerwerk', 'lagerfeuer',
  'feuerzeug', 'no problem', 'no emergency', 'not an emergency', 'pas de probleme', 'sin problema', 'kein problem',
  'pain au chocolat', 'pain aux raisins', '(?:le|du|un|de) pain', 'lost my way', 'got lost', 'we are lost', "i'?m lost", 'lost track of time',
  'perdu mon chemin', 'perdido el camino', 'verlaufen', 'crash course', 'by accident', 'fell asleep', 'fell in love',
  'en cas d.urgence', 'numero d.urgence', 'en caso de emergencia', 'numero de emergencia', 'im notfall', 'notfallnummer',
  'emergency exit', 'emergency number', 'in case of emergency', 'smoke-free', 'no smoking', 'smoking', 'non-fumeur',
  'feeling lost',
];

/** Said with the symptom: "very", "a lot", "mucho", "sehr"... */
export const INTENSIFIERS: readonly string[] = [
  'very', 'really', 'so much', 'a lot', 'severe', 'terrible', 'unbearable', 'extreme', 'high', 'tres', 'beaucoup',
  'horrible', 'insupportable', 'forte?', 'muy', 'mucho', 'muchisimo', 'fuerte', 'insoportable', 'alta', 'sehr', 'stark\\w*',
  'schlimm\\w*', 'furchtbar', 'unertraglich', 'hohes',
];
/** Said with the symptom: "mild", "a little", "un peu", "leicht"... */
export const MITIGATORS: readonly string[] = [
  'mild', 'slight', 'little', 'a bit', 'minor', 'leger', 'legere', 'un peu', 'petit', 'leve', 'un poco', 'poco', 'leicht\\w*',
  'bisschen', 'etwas', 'kleine?',
];
