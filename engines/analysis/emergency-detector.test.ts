import { describe, expect, it } from 'vitest';
import { detectEmergency } from './emergency-detector';
import { LEXICON, PAIRED_LEXICON } from './emergency-lexicon';

function judged(text: string): string {
  const result = detectEmergency(text);
  return result.isEmergency ? result.severity : 'none';
}

describe('detectEmergency', () => {
  it('rates a life-threatening medical problem high, in every language', () => {
    expect(judged('Please hurry, my father collapsed and is not responding.')).toBe('high');
    expect(judged("Mon amie fait une réaction allergique, elle n'arrive pas à respirer.")).toBe('high');
    expect(judged('Mi madre tiene un dolor en el pecho muy fuerte.')).toBe('high');
    expect(judged('Mein Mann ist bewusstlos!')).toBe('high');
  });

  it('rates an injury that is not life-threatening medium', () => {
    expect(judged('I slipped on the stairs and my ankle might be broken.')).toBe('medium');
    expect(judged('Mi hijo está herido en la rodilla.')).toBe('medium');
  });

  it('rates a minor complaint low, and raises it when said to be severe', () => {
    expect(judged('I have a slight fever, where can I buy paracetamol?')).toBe('low');
    expect(judged("J'ai très mal au ventre depuis ce matin.")).toBe('medium');
    expect(judged('Ich habe starke Kopfschmerzen.')).toBe('medium');
  });

  it('rates a theft medium and a lost belonging low', () => {
    expect(judged('Someone pickpocketed me on the metro.')).toBe('medium');
    expect(judged('Me robaron el móvil en la playa.')).toBe('medium');
    expect(judged('Ich habe meine Brieftasche im Zug vergessen.')).toBe('low');
  });

  it('rates a threat, a missing person, a fire and a road accident high', () => {
    expect(judged('A man with a knife threatened us outside the bar.')).toBe('high');
    expect(judged('Mi hija ha desaparecido en el mercado.')).toBe('high');
    expect(judged('Es brennt im dritten Stock, rufen Sie die Feuerwehr!')).toBe('high');
    expect(judged('Ma sœur a été renversée par une moto.')).toBe('high');
  });

  it('does not take negations and harmless phrases for emergencies', () => {
    expect(judged('No problem, nobody is hurt.')).toBe('none');
    expect(judged('Where is the fire exit of this hotel?')).toBe('none');
    expect(judged('I think we lost our way to the beach.')).toBe('none');
    expect(judged('Je voudrais un pain au chocolat.')).toBe('none');
    expect(judged("We don't need a doctor, thanks.")).toBe('none');
    expect(judged('Can you help me find the cathedral?')).toBe('none');
  });

  it('gives the numbers of the country the text is about, else 112, and none when it is not an emergency', () => {
    const inJapan = detectEmergency('My bag was stolen in Japan.');
    expect(inJapan.countryDetected).toBe('Japan');
    expect(inJapan.emergencyContacts.map((contact) => contact.number)).toEqual(['119', '110']);
    expect(detectEmergency('Help! Someone is attacking my friend!').emergencyContacts).toEqual([
      { type: 'general', number: '112', labelKey: 'emergency_contact_general', country: '' },
    ]);
    expect(detectEmergency('Lovely weather in France today.').emergencyContacts).toEqual([]);
  });

  it('lists each detected issue once and offers map searches for medical help only', () => {
    const result = detectEmergency('He fell and he is bleeding; he fell again.');
    expect(result.detectedIssues).toEqual(['injury', 'accident']);
    expect(result.nearbyMedicalFacilities.map((facility) => facility.type)).toEqual(['hospital', 'pharmacy']);
    expect(detectEmergency('My wallet was stolen.').nearbyMedicalFacilities).toEqual([]);
  });
});

describe('detectEmergency in the languages travellers meet', () => {
  it('hears cries for help, ambulances, fire and bleeding in Italian and Portuguese', () => {
    expect(judged('Aiuto! Mio marito non respira!')).toBe('high');
    expect(judged('Sta perdendo molto sangue dalla testa!')).toBe('high');
    expect(judged("C'è un incendio nella cucina, chiamate i vigili del fuoco!")).toBe('high');
    expect(judged('Socorro! O meu pai não está a respirar!')).toBe('high');
    expect(judged('Há um incêndio no hotel, chamem os bombeiros!')).toBe('high');
    expect(judged('A minha mulher desmaiou e não acorda.')).toBe('high');
  });

  it('rates a breathing attack high', () => {
    expect(judged('My son has an asthma attack.')).toBe('high');
    expect(judged("Ma fille fait une crise d'asthme.")).toBe('high');
    expect(judged('Meine Tochter hat einen Asthmaanfall.')).toBe('high');
  });

  it('rates a minor injury and a mild illness low', () => {
    expect(judged('I twisted my ankle a little on the stairs.')).toBe('low');
    expect(judged('Mi sono tagliato leggermente un dito.')).toBe('low');
    expect(judged('Estou com um pouco de febre e dor de garganta.')).toBe('low');
    expect(judged("Mon fils s'est écorché le genou, il saigne un peu.")).toBe('low');
  });

  it('rates a theft medium in Italian and Portuguese, and a threat with a knife high', () => {
    expect(judged("Mi hanno rubato il portafoglio sull'autobus.")).toBe('medium');
    expect(judged('Roubaram-me a carteira no elétrico.')).toBe('medium');
    expect(judged('Unos ladrones nos asaltaron con un cuchillo.')).toBe('high');
  });

  it('does not take a figure of speech for an emergency', () => {
    expect(judged('That restaurant bill was daylight robbery.')).toBe('none');
    expect(judged("Ce prix, c'est du vol !")).toBe('none');
    expect(judged('Trenta euro per un piatto di pasta, è un furto!')).toBe('none');
    expect(judged('Vinte euros por uma sardinha, isto é um roubo!')).toBe('none');
  });

  it('does not take a film, a book or history for an emergency', () => {
    expect(judged('We watched a documentary about the Great Fire of London.')).toBe('none');
    expect(judged("Ce film raconte l'incendie de Notre-Dame.")).toBe('none');
    expect(judged('La película trata del incendio de Roma.')).toBe('none');
  });

  it('does not take photography words or a French flight for an emergency', () => {
    expect(judged('The photographer shot the whole wedding with a flash.')).toBe('none');
    expect(judged('Le vol pour Londres part à huit heures.')).toBe('none');
  });

  it('rates lost documents medium, as a theft, and other lost belongings low (lost documents rule)', () => {
    expect(judged("J'ai perdu mon passeport à la gare.")).toBe('medium');
    expect(judged('I lost my ID card at the museum.')).toBe('medium');
    expect(judged('Se me perdió el DNI en el tren.')).toBe('medium');
    expect(judged('Ich habe meinen Ausweis im Taxi liegen lassen.')).toBe('medium');
    expect(judged('Ho smarrito la carta d’identità in albergo.')).toBe('medium');
    expect(judged('Perdi o cartão de cidadão no autocarro.')).toBe('medium');
    expect(judged('I lost my umbrella on the bus, where I left it.')).toBe('none');
    expect(judged('I left my phone in the taxi.')).toBe('low');
    expect(judged('Ho lasciato lo zaino sul treno.')).toBe('low');
  });

  it('rates a swelling throat and a breath hard to draw high (breathing attack rule)', () => {
    expect(judged('Her throat is closing up after the peanut sauce.')).toBe('high');
    expect(judged('Après la piqûre, sa gorge enfle et il a du mal à respirer.')).toBe('high');
    expect(judged('Se le está hinchando la garganta.')).toBe('high');
    expect(judged('Sein Hals ist zugeschwollen.')).toBe('high');
    expect(judged('Ha la gola che si chiude.')).toBe('high');
    expect(judged('O meu filho mal consegue respirar.')).toBe('high');
  });

  it('rates drowning, a serious injury and a head-on crash high', () => {
    expect(judged('Ein Mann ist im Fluss ertrunken.')).toBe('high');
    expect(judged('Un nageur s’est noyé au lac.')).toBe('high');
    expect(judged('Two people were seriously injured on the ferry.')).toBe('high');
    expect(judged('Hay tres heridos graves en el autobús.')).toBe('high');
    expect(judged('Due turisti sono feriti gravemente.')).toBe('high');
    expect(judged('Um choque frontal na estrada nacional.')).toBe('high');
  });

  it('rates a scam medium, and "it is a scam" said of a price as no emergency', () => {
    expect(judged('Nos estafaron en la casa de cambio.')).toBe('medium');
    expect(judged('On s’est fait escroquer par un faux guide.')).toBe('medium');
    expect(judged('Ci hanno truffati al mercato.')).toBe('medium');
    expect(judged('O motorista enganou-me no troco.')).toBe('medium');
    expect(judged('Wir wurden am Geldautomaten abgezockt.')).toBe('medium');
    expect(judged('Diez euros por un café, es una estafa.')).toBe('none');
    expect(judged('Douze euros le verre, c’est une arnaque !')).toBe('none');
  });

  it('rates a fall or a hurt the speaker calls nothing serious low, but not a theft (reassurance rule)', () => {
    expect(judged('She fell off her bike, nothing serious.')).toBe('low');
    expect(judged('Il est tombé dans l’escalier, rien de grave.')).toBe('low');
    expect(judged('A minha filha caiu na rua, nada de grave.')).toBe('low');
    expect(judged('Er ist gestürzt, aber nichts Schlimmes.')).toBe('low');
    expect(judged('Mi hanno rubato lo zaino, niente di grave.')).toBe('medium');
    expect(judged('He fell, nothing serious we thought, but now he is unconscious.')).toBe('high');
  });

  it('hears minor injuries, stomach upsets and fires said in other words', () => {
    expect(judged('Ich habe mir den Ellbogen aufgeschürft.')).toBe('low');
    expect(judged('Fiz um arranhão no braço.')).toBe('low');
    expect(judged('Mi fa un po’ male la schiena.')).toBe('low');
    expect(judged('Tengo el estómago revuelto desde la cena.')).toBe('low');
    expect(judged('¡La casa está ardiendo!')).toBe('high');
    expect(judged('La voiture est en flammes !')).toBe('high');
  });

  it('hears a theft in slang and a knife held to someone', () => {
    expect(judged('Somebody nicked my camera at the station.')).toBe('medium');
    expect(judged('A man held a gun to my head and took my watch.')).toBe('high');
  });

  it('rates a sting or an insect bite low, in each language', () => {
    expect(judged('I was stung by a wasp at the picnic.')).toBe('low');
    expect(judged('Je me suis fait piquer par une guêpe.')).toBe('low');
    expect(judged('Me picó una medusa en la playa.')).toBe('low');
    expect(judged('Ich wurde von einer Biene gestochen.')).toBe('low');
    expect(judged('Sono stato punto da una vespa.')).toBe('low');
    expect(judged('Fui picado por uma abelha.')).toBe('low');
  });

  it('rates a fall by the hurt it caused when one is named (fall yields to injury rule)', () => {
    expect(judged('I fell on the steps and grazed my hand.')).toBe('low');
    expect(judged('Caí en la calle y tengo un rasguño.')).toBe('low');
    expect(judged('Er ist hingefallen und hat sich das Bein gebrochen.')).toBe('medium');
    expect(judged('She fell down the stairs and is unconscious.')).toBe('high');
    expect(judged('My father fell in the shower.')).toBe('medium');
  });

  it('hears a room or a flat ransacked as a theft', () => {
    expect(judged('Our room was ransacked while we were out.')).toBe('medium');
    expect(judged('Ci hanno svaligiato l’appartamento.')).toBe('medium');
    expect(judged('Nos desvalijaron el coche.')).toBe('medium');
  });

  it('reads "a little" or "very" only in the clause of the term it softens (clause rule)', () => {
    expect(judged('She hit her head on the shelf, now she is a bit dizzy.')).toBe('medium');
    expect(judged('Tengo un poco de fiebre.')).toBe('low');
  });

  it('hears belongings taken or gone missing: taken is a theft, disappeared a loss', () => {
    expect(judged('Our phones were taken from the table while we ate.')).toBe('medium');
    expect(judged('Mon sac a disparu à la plage.')).toBe('low');
    expect(judged('Il mio zaino è sparito in stazione.')).toBe('low');
    expect(judged('Mein Reisepass ist verschwunden.')).toBe('medium');
  });

  it('hears blood everywhere as heavy bleeding, in each language', () => {
    expect(judged('He fell through the window and there is a lot of blood.')).toBe('high');
    expect(judged('Hay sangre por todas partes, se cortó el brazo.')).toBe('high');
    expect(judged('Überall Blut, er hat sich am Glas verletzt!')).toBe('high');
    expect(judged('Il y a du sang partout dans la salle de bain.')).toBe('high');
  });

  it('rates a blister, a mild cold and an upset stomach low', () => {
    expect(judged('These boots have given me blisters on both feet.')).toBe('low');
    expect(judged('My wife has a mild cold and a runny nose.')).toBe('low');
    expect(judged('I have an upset stomach after the street food.')).toBe('low');
    expect(judged('His stomach is a little upset from the ferry.')).toBe('low');
  });
});

describe('detectEmergency by families of wordings (paired rules)', () => {
  it('rates a breath that will not come high, whatever the verb around it (hindered breathing rule)', () => {
    expect(judged("My wife can't get her breath back after the climb.")).toBe('high');
    expect(judged('Mi abuelo casi no respira bien desde anoche.')).toBe('high');
    expect(judged('Il respire très mal depuis une heure.')).toBe('high');
    expect(judged('Sie atmet kaum noch.')).toBe('high');
    expect(judged('Mia madre respira con fatica.')).toBe('high');
    expect(judged('O bebé quase não respira.')).toBe('high');
    expect(judged("I can't wait to breathe the mountain air.")).toBe('none');
  });

  it('rates bleeding that will not stop high (unstopped bleeding rule)', () => {
    expect(judged('His nose has been bleeding for an hour and it just won’t stop.')).toBe('high');
    expect(judged('La herida le sangra y no para.')).toBe('high');
    expect(judged("Sa main saigne, ça ne s'arrête plus.")).toBe('high');
    expect(judged('Das Blut hört einfach nicht auf.')).toBe('high');
    expect(judged('Il taglio sanguina e non smette.')).toBe('high');
    expect(judged('O corte está a sangrar sem parar.')).toBe('high');
  });

  it('rates any pain or pressure said with the chest high (chest rule)', () => {
    expect(judged('My mum says her chest feels tight and heavy.')).toBe('high');
    expect(judged('Siente una presión en el pecho.')).toBe('high');
    expect(judged('Il a mal à la poitrine depuis ce matin.')).toBe('high');
    expect(judged('Er hat so einen Druck auf der Brust.')).toBe('high');
    expect(judged('Sente un peso sul petto.')).toBe('high');
    expect(judged('Ela tem um aperto no peito.')).toBe('high');
  });

  it('rates a face, tongue, lips or throat swelling high (airway swelling rule)', () => {
    expect(judged('After the shrimp his lips swelled right up.')).toBe('high');
    expect(judged('Se le hinchó la lengua después de comer.')).toBe('high');
    expect(judged('Sa gorge a gonflé après la piqûre.')).toBe('high');
    expect(judged('Ihre Zunge ist dick angeschwollen.')).toBe('high');
    expect(judged('Gli si è gonfiata la gola.')).toBe('high');
    expect(judged('O rosto dela inchou muito.')).toBe('high');
    expect(judged('My ankle is a bit swollen.')).not.toBe('high');
  });

  it('rates someone who does not respond or move high, but not a machine (unresponsive rule)', () => {
    expect(judged("Grandpa doesn't respond when we shake him.")).toBe('high');
    expect(judged('Mi novio ya no se mueve, está en el suelo.')).toBe('high');
    expect(judged('Elle ne bouge plus du tout.')).toBe('high');
    expect(judged('Mein Freund bewegt sich nicht mehr.')).toBe('high');
    expect(judged('Mio zio non reagisce più.')).toBe('high');
    expect(judged('A minha avó já não se mexe.')).toBe('high');
    expect(judged('Il ne bouge pas de son canapé le dimanche.')).toBe('none');
    expect(judged('Er bewegt sich nicht gern, er ist faul.')).toBe('none');
    expect(judged('Il cane non risponde al nome.')).toBe('none');
    expect(judged("The train isn't moving, we've been stuck for an hour.")).toBe('none');
    expect(judged("He's not moving to Spain after all.")).toBe('none');
    expect(judged('Il ne répond pas au téléphone.')).toBe('none');
  });

  it('rates someone fallen into water who does not come up high (not surfacing rule)', () => {
    expect(judged('A kid fell into the canal and went under.')).toBe('high');
    expect(judged('Mi primo se cayó al mar y se hunde.')).toBe('high');
    expect(judged("Ma copine est tombée à l'eau, elle ne sait pas nager.")).toBe('high');
    expect(judged('Er ist in den Fluss gefallen und kann nicht schwimmen.')).toBe('high');
  });

  it('rates a seizure high by its stems: convulsing, fitting, krampft, tendo um ataque (seizure rule)', () => {
    expect(judged('The man next to me is having a seizure.')).toBe('high');
    expect(judged('Mi hermano es epiléptico y está convulsionando.')).toBe('high');
    expect(judged('Elle convulse depuis deux minutes.')).toBe('high');
    expect(judged('Das Kind krampft!')).toBe('high');
    expect(judged('Ha una crisi epilettica.')).toBe('high');
    expect(judged('O meu irmão teve um ataque e caiu.')).toBe('high');
    expect(judged('Tive um ataque de riso no teatro.')).toBe('none');
  });

  it('hears someone else taking a belonging as a theft, but not the speaker taking it (taking rule)', () => {
    expect(judged('A kid on a bike swiped my phone right out of my hand.')).toBe('medium');
    expect(judged('Me quitaron el bolso en la terraza.')).toBe('medium');
    expect(judged("On m'a arraché mon collier dans la rue.")).toBe('medium');
    expect(judged('Jemand hat mir die Kamera aus der Tasche gezogen.')).toBe('medium');
    expect(judged('Mi hanno sfilato il portafoglio dalla tasca.')).toBe('medium');
    expect(judged('Levaram-me o telemóvel no metro.')).toBe('medium');
    expect(judged('I grabbed my bag and ran for the train.')).toBe('none');
    expect(judged('O taxista levou a mala para o quarto.')).toBe('none');
  });

  it('hears a break-in as a theft (forced entry rule)', () => {
    expect(judged('Our car was broken into overnight.')).toBe('medium');
    expect(judged('Ils ont forcé la serrure de la chambre.')).toBe('medium');
    expect(judged('Ci hanno scassinato la camera.')).toBe('medium');
    expect(judged('Arrombaram a porta do apartamento.')).toBe('medium');
  });

  it('rates a twist, scrape or bump said with a limb low (minor hurt rule)', () => {
    expect(judged('I rolled my ankle getting off the bus.')).toBe('low');
    expect(judged('Me he raspado el codo con la pared.')).toBe('low');
    expect(judged("Je me suis cogné la tête contre l'étagère.")).toBe('low');
    expect(judged('Ich habe mich am Kopf gestoßen.')).toBe('low');
    expect(judged('Mi sono graffiato il braccio con un ramo.')).toBe('low');
    expect(judged('Bati com o joelho na mesa.')).toBe('low');
    expect(judged('I bumped into an old friend at the market.')).toBe('none');
  });

  it('rates a blister said with a foot or with walking low (blister rule)', () => {
    expect(judged('Tengo ampollas en los pies de tanto caminar.')).toBe('low');
    expect(judged('Ich habe eine Blase am Fuß.')).toBe('low');
    expect(judged('Ho una vescica sul tallone.')).toBe('low');
    expect(judged("La lampe n'a plus d'ampoule.")).toBe('none');
  });

  it('does not take a player hurt in a match for an emergency (sports rule)', () => {
    expect(judged('Their goalkeeper hurt his knee in the first half.')).toBe('none');
    expect(judged('El portero se rompió la muñeca, pero ganamos.')).toBe('none');
    expect(judged('Der Stürmer ist gestürzt und hat sich verletzt.')).toBe('none');
  });

  it('does not take a burning mouth or a fiery sauce for a fire (hot food rule)', () => {
    expect(judged('This curry is on fire, my tongue is burning!')).toBe('none');
    expect(judged('¡Esta salsa es puro fuego!')).toBe('none');
    expect(judged('Questo peperoncino è fuoco puro.')).toBe('none');
    expect(judged('The kitchen is on fire!')).toBe('high');
  });

  it('hears smoke said with where it comes from as a fire, in English (spreading smoke rule)', () => {
    expect(judged('Black smoke is billowing from the engine room!')).toBe('high');
    expect(judged('The corridor is full of smoke.')).toBe('high');
    expect(judged('Is this a smoke-free hotel?')).toBe('none');
  });

  it('reads Portuguese "no" as "in the", not as a negation (Portuguese no rule)', () => {
    expect(judged('Estou com uma dor forte no peito.')).toBe('high');
    expect(judged('Caí e tenho um corte no dedo.')).toBe('low');
    expect(judged('No fever, no vomiting, I feel fine now.')).toBe('none');
  });

  it('hears mild illnesses said colloquially low (mild illness wordings)', () => {
    expect(judged("I've got a slight temperature today.")).toBe('low');
    expect(judged('Estoy constipada y me duele la garganta.')).toBe('low');
    expect(judged('Je suis enrhumé depuis hier.')).toBe('low');
    expect(judged('Ich habe Schnupfen.')).toBe('low');
    expect(judged('Sono raffreddata.')).toBe('low');
    expect(judged('Estou resfriado e com o nariz a pingar.')).toBe('low');
    expect(judged('These mosquito bites are driving me mad.')).toBe('low');
  });
});

describe('detectEmergency on wordings met after the paired rules (second batch)', () => {
  it('hears a collapse and no sign of life as someone unconscious (collapse rule)', () => {
    expect(judged('He blacked out on the stairs.')).toBe('high');
    expect(judged('Se desplomó en el andén.')).toBe('high');
    expect(judged("Elle s'est effondrée au sol.")).toBe('high');
    expect(judged('Er ist einfach umgekippt.')).toBe('high');
    expect(judged('Si è accasciato sulla panchina.')).toBe('high');
    expect(judged('Ele caiu redondo no chão.')).toBe('high');
  });

  it('rates broken, fractured or cracked said with a body part medium, not a broken thing (broken bone rule)', () => {
    expect(judged('I think her nose is broken.')).toBe('medium');
    expect(judged('Tiene el brazo roto.')).toBe('medium');
    expect(judged('Il a deux côtes fêlées.')).toBe('medium');
    expect(judged('Ha la gamba rotta.')).toBe('medium');
    expect(judged('Tenho a perna partida.')).toBe('medium');
    expect(judged('My phone screen is broken.')).toBe('none');
  });

  it('rates a cloned or misused card medium (card fraud rule)', () => {
    expect(judged('Somebody cloned my card at the ATM.')).toBe('medium');
    expect(judged('Me clonaron la tarjeta en el cajero.')).toBe('medium');
    expect(judged('Hanno clonato la mia carta.')).toBe('medium');
  });

  it('rates bleeding "like crazy" and a strange or short breath high (more cues)', () => {
    expect(judged("It's bleeding like crazy.")).toBe('high');
    expect(judged('Sanguina da matti.')).toBe('high');
    expect(judged("He's breathing really strangely.")).toBe('high');
    expect(judged('Er atmet so komisch.')).toBe('high');
    expect(judged('Le falta el aliento.')).toBe('high');
    expect(judged('My throat feels tight after the peanuts.')).toBe('high');
  });

  it('rates a cough, a nosebleed, a queasy stomach and a burnt finger low', () => {
    expect(judged('I have a nosebleed.')).toBe('low');
    expect(judged('Ich habe Husten.')).toBe('low');
    expect(judged('Tengo tos desde el lunes.')).toBe('low');
    expect(judged('Mir ist etwas übel.')).toBe('low');
    expect(judged('I burned my finger on the pan.')).toBe('low');
    expect(judged('Queimei o braço na praia.')).toBe('low');
  });

  it('does not take a series or a programme about firefighters for a fire (story rule)', () => {
    expect(judged('La série sur les pompiers est géniale.')).toBe('none');
    expect(judged('Vimos uma série sobre o incêndio de Pedrógão.')).toBe('none');
  });
});

describe('detectEmergency on wordings met after the second round (third batch)', () => {
  it('hears the signs of a stroke: a face drooping, slurred speech, an arm that will not lift (stroke signs rule)', () => {
    expect(judged('Her speech is slurred and one side of her face is drooping.')).toBe('high');
    expect(judged('Tiene la boca torcida y habla rara.')).toBe('high');
    expect(judged('Er lallt und kann den Arm nicht heben.')).toBe('high');
    expect(judged('Ele está com a boca torta.')).toBe('high');
  });

  it('hears someone barely or not conscious, and consciousness lost in any language (consciousness rule)', () => {
    expect(judged("He's only half conscious and very pale.")).toBe('high');
    expect(judged('No está consciente, ¡rápido!')).toBe('high');
    expect(judged('Sie ist kaum ansprechbar.')).toBe('high');
    expect(judged('Ha perso conoscenza sul treno.')).toBe('high');
    expect(judged('Ele perdeu os sentidos na rua.')).toBe('high');
    expect(judged("I'm not awake yet, let's skip the museum.")).toBe('none');
  });

  it('hears blue or purple lips, face or fingers as a breathing emergency (cyanosis rule)', () => {
    expect(judged('His fingertips have gone blue.')).toBe('high');
    expect(judged('Tiene los labios morados.')).toBe('high');
    expect(judged('Ses lèvres sont bleues.')).toBe('high');
    expect(judged('Die Lippen sind ganz blau.')).toBe('high');
    expect(judged('The sea here is so blue.')).toBe('none');
  });

  it('does not take a performer, a crowd or a festival of fires for a fire (figurative fire rule)', () => {
    expect(judged('The guitarist was on fire tonight.')).toBe('none');
    expect(judged('Le chanteur a mis le feu au public.')).toBe('none');
    expect(judged('Wir waren beim Osterfeuer, überall Rauch und Funken.')).toBe('none');
    expect(judged('The club is on fire, get out!')).toBe('high');
  });

  it('does not take a player said to be on fire for a fire (the sports cues, read by the figurative fire rule)', () => {
    expect(judged('Their striker is on fire tonight.')).toBe('none');
    expect(judged('Der Stürmer ist heute wieder brandgefährlich.')).toBe('none');
    expect(judged("L'attaquant a mis le feu au stade.")).toBe('none');
    expect(judged('The stadium is on fire, everyone get out!')).toBe('high');
  });

  it('does not take food cooked over a fire or smoked, as a menu says it, for a fire; smoke in a building still is one (figurative fire rule)', () => {
    expect(judged('Pizzas cuites au feu de bois 12,50 €')).toBe('none');
    expect(judged('Costillas a la parrilla con sabor a humo, 14 euros')).toBe('none');
    expect(judged('Pizza cotta nel forno a legna, sapore di fumo, 9 euro')).toBe('none');
    expect(judged('Lachs mit Rauch aus Buchenholz, 18 Euro')).toBe('none');
    expect(judged('Frango grelhado no fogo de lenha, 11 euros')).toBe('none');
    expect(judged('Brisket smoked over oak fire, 22 dollars')).toBe('none');
    expect(judged('The grill caught fire and the kitchen is full of smoke!')).toBe('high');
    expect(judged('Es riecht nach Rauch im Treppenhaus, wir müssen raus!')).toBe('high');
    expect(judged("C'è fumo nel corridoio dell'albergo, chiamate i vigili del fuoco!")).toBe('high');
  });

  it('hears a bag opened or a car window smashed as a theft, and a document dropped or gone as lost (more loss words)', () => {
    expect(judged('Somebody unzipped my backpack on the metro.')).toBe('medium');
    expect(judged('Me abrieron el bolso en el autobús.')).toBe('medium');
    expect(judged('Il mio passaporto non lo trovo più, non riesco a trovare niente.')).toBe('medium');
    expect(judged('Meine Papiere sind weg.')).toBe('medium');
    expect(judged('Sumiu o meu passaporte.')).toBe('medium');
  });

  it('rates a pulled muscle, a rash, seasickness and a finger caught in a door low', () => {
    expect(judged('I think I strained my back lifting the suitcase.')).toBe('low');
    expect(judged('Tengo un sarpullido en los brazos.')).toBe('low');
    expect(judged('Mi marido está enjoado do barco.')).toBe('low');
    expect(judged('Sie hat sich die Hand in der Autotür eingeklemmt.')).toBe('low');
  });
});

describe('LEXICON', () => {
  it('holds no capture group in a pattern, since the detector reads all entries in one pass, each from its own group', () => {
    for (const entry of LEXICON)
      for (const patterns of Object.values(entry.said))
        for (const pattern of patterns) expect(new RegExp(`${pattern}|`, 'u').exec('')).toHaveLength(1);
  });

  it('hears a term inside another, and of two from the same word the more serious only (one pass rule)', () => {
    // "bleeding heavily" is heavy bleeding, not also an injury; "accident" inside "car accident" is heard too.
    expect(detectEmergency('He is bleeding heavily after the car accident.').detectedIssues).toEqual([
      'heavy bleeding',
      'road accident',
      'accident',
    ]);
  });
});

describe('PAIRED_LEXICON', () => {
  it('holds no capture group in a term, since the detector reads each pair from its own group', () => {
    for (const entry of PAIRED_LEXICON)
      for (const patterns of Object.values(entry.term))
        for (const pattern of patterns) expect(new RegExp(`${pattern}|`, 'u').exec('')).toHaveLength(1);
  });
});
