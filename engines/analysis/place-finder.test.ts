import { describe, expect, it } from 'vitest';
import { findLocations } from './place-finder';
import { countryOfText } from './text-country';

function found(text: string): string[] {
  return findLocations(text).map((location) => `${location.name}:${location.type}`);
}

describe('findLocations', () => {
  it('finds gazetteer cities, in their local and foreign names, with coordinates', () => {
    expect(found('Tomorrow we drive from Lisboa to Porto.')).toEqual(['Lisboa:city', 'Porto:city']);
    const [vienna] = findLocations('Wir fahren morgen nach Wien.');
    expect(vienna).toMatchObject({
      name: 'Wien',
      originalText: 'Wien',
      type: 'city',
      address: 'Vienna, Austria',
    });
    expect(vienna?.latitude).toMatch(/^48\.2/);
  });

  it('types landmarks, museums, airports, stations and parks from the gazetteer', () => {
    expect(found('Is Big Ben far from the British Museum?')).toEqual([
      'Big Ben:landmark',
      'British Museum:museum',
    ]);
    expect(found('Llegamos al aeropuerto de Fiumicino y luego a Termini.')).toEqual([
      'Fiumicino:airport',
      'Termini:station',
    ]);
    expect(found('On pique-nique à Hyde Park.')).toEqual(['Hyde Park:park']);
  });

  it('finds places written with a keyword: "X Station", "Hotel X", "gare de X", German compounds', () => {
    expect(found('Meet me at Ueno Station.')).toEqual(['Ueno Station:station']);
    expect(found('We booked Hotel Esplanade for two nights.')).toEqual(['Hotel Esplanade:hotel']);
    expect(found('Treffpunkt ist der Odeonsplatz.')).toEqual(['Odeonsplatz:landmark']);
    expect(found('Le musée Rodin ouvre à dix heures.')).toEqual(['musée Rodin:museum']);
  });

  it('reports countries as said, and hotel chains as hotels', () => {
    expect(found('We loved Portugal, especially the Marriott in Faro.')).toEqual([
      'Portugal:country',
      'Marriott:hotel',
      'Faro:city',
    ]);
  });

  it('ignores lower-case words and sentence-opening common words', () => {
    expect(found('Nice to meet you. The hotel is nice and the station is close.')).toEqual([]);
    expect(found('The museum pass covers the tour.')).toEqual([]);
  });
});

describe('countryOfText', () => {
  it('takes the country from the first place found, else from a country or demonym', () => {
    expect(countryOfText('The bus from Sydney was 20 dollars.')).toMatchObject({
      code: 'AU',
      place: 'Sydney',
    });
    expect(countryOfText('Los tacos mexicanos cuestan poco.')).toMatchObject({ code: 'MX' });
    expect(countryOfText('It was lovely.')).toBeUndefined();
  });
});

describe('findLocations in the languages travellers meet', () => {
  it('finds cities by their Italian and Portuguese names', () => {
    expect(found('Domani andiamo da Milano a Monaco di Baviera.')).toEqual([
      'Milano:city',
      'Monaco di Baviera:city',
    ]);
    expect(found('Amanhã vamos de Lisboa para Sevilha.')).toEqual(['Lisboa:city', 'Sevilha:city']);
    expect(found('Em Nova Iorque o hotel é caro.')).toEqual(['Nova Iorque:city']);
  });

  it('finds countries by their CLDR names in each language', () => {
    expect(found('Siamo stati in Svizzera e in Germania.')).toEqual(['Svizzera:country', 'Germania:country']);
    expect(countryOfText('O táxi na Suíça é caro.')?.code).toBe('CH');
  });

  it('does not take an article or a preposition that opens a sentence for a name', () => {
    expect(found('O hotel no Porto é bom.')).toEqual(['Porto:city']);
    expect(found('Im Museum gibt es eine Ausstellung.')).toEqual([]);
  });

  it('takes a capitalised name after a preposition of place for a place (name after a preposition rule)', () => {
    expect(found('We rented a flat in Monti, close to everything.')).toEqual(['Monti:city']);
    expect(found('On dîne ce soir dans le Panier.')).toEqual(['Panier:city']);
    expect(found('Mañana dormimos en Cadaqués.')).toEqual(['Cadaqués:city']);
    expect(found('Wir übernachten in Bamberg.')).toEqual(['Bamberg:city']);
    expect(found('Stasera mangiamo a Testaccio.')).toEqual(['Testaccio:city']);
    expect(found('Ficamos perto de Tavira.')).toEqual(['Tavira:city']);
    expect(found('The boat from Hvar to Vis leaves at noon.')).toEqual(['Hvar:city', 'Vis:city']);
  });

  it('finds a known name of three words or more written in lower case, as a recogniser may write it; a shorter one needs a capital', () => {
    expect(found('how much is a taxi to the empire state building')).toEqual([
      'empire state building:building',
    ]);
    expect(found('quanto costa il biglietto per la torre di pisa')).toEqual(['torre di pisa:landmark']);
    expect(found('there is a small opera house in every town around here')).toEqual([]);
  });

  it('takes no month, weekday, language, currency, person or German idiom after a preposition for a place', () => {
    expect(found('We fly in August, from Tuesday, and speak in Portuguese.')).toEqual([]);
    expect(found('Can I pay in Dollars?')).toEqual([]);
    expect(found('Give the keys to Maria, and thanks to Tom.')).toEqual([]);
    expect(found('I spoke to Dr Lopez at the clinic.')).toEqual([]);
    expect(found('Wir gehen nach Hause, alles in Ordnung.')).toEqual([]);
    expect(found('Es riecht nach Rauch im Treppenhaus, das Auto ist in Brand geraten.')).toEqual([]);
    expect(found('A SIM card here is cheap.')).toEqual([]);
    expect(found('Meet me in Room 12.')).toEqual([]);
  });

  it('reads beaches, viewpoints, baths, roads and quarters named with their keyword', () => {
    expect(found('Vamos ao Miradouro da Graça.')).toEqual(['Miradouro da Graça:attraction']);
    expect(found('On a nagé aux bains Lukács.')).toEqual(['bains Lukács:attraction']);
    expect(found('Hay obras en la carretera de Mijas.')).toEqual(['carretera de Mijas:address']);
    expect(found('We walked around the Latin Quarter.')).toEqual(['Latin Quarter:region']);
    expect(found('Am Tegernsee ist es schön.')).toEqual(['Tegernsee:landmark']);
  });

  it('keeps a linked name whole but stops it before a known city (linked name rule)', () => {
    expect(found('O elétrico passa pela estação do Cais do Sodré.')).toEqual([
      'estação do Cais do Sodré:station',
    ]);
    expect(found('Ficamos no Hotel Mar do Porto.')).toEqual(['Hotel Mar:hotel', 'Porto:city']);
    expect(found('Our gate is E7, the bus leaves from gate B12.')).toEqual([]);
  });

  it('reads forests, coasts, islands, valleys and ranges named with their keyword', () => {
    expect(found('We hiked in the Sacred Valley and on Isla del Sol.')).toEqual([
      'Sacred Valley:region',
      'Isla del Sol:region',
    ]);
    expect(found('On a roulé sur la côte d’Azur puis la Côte Vermeille.')).toEqual([
      'côte d’Azur:region',
      'Côte Vermeille:region',
    ]);
    expect(found('Wir wandern im Schwarzwald und im Erzgebirge.')).toEqual([
      'Schwarzwald:region',
      'Erzgebirge:region',
    ]);
  });

  it('reads "près des", "cerca del", "perto da" as a preposition of place, and a language word inside a longer name', () => {
    expect(found('On dort près des Halles.')).toEqual(['Halles:city']);
    expect(found('Vivimos cerca del Retiro.')).toEqual(['Retiro:city']);
    expect(found('Dinner is at the German Club tonight.')).toEqual(['German Club:city']);
    expect(found('Can we pay in English pounds?')).toEqual([]);
  });

  it('takes a name after "to" for a place after a tram, a metro or a cab', () => {
    expect(found('Take the metro to Bastille, then walk.')).toEqual(['Bastille:city']);
    expect(found('We flew into Catania.')).toEqual(['Catania:city']);
  });

  it('takes no feast, no friend and no sender after a preposition for a place', () => {
    expect(found('Ci vediamo a Pasqua, e on se voit à Noël.')).toEqual([]);
    expect(found('Wir übernachten bei Freunden, in Richtung Süden.')).toEqual([]);
    expect(found('I got an email from Carla about the flat.')).toEqual([]);
    expect(found('It is ten minutes from Fátima by bus.')).toEqual(['Fátima:city']);
  });

  it('does not read "costa" (costs) or "vale" (is worth) as a coast or a valley', () => {
    expect(found('A Napoli la pizza costa 8 euro.')).toEqual(['Napoli:city']);
    expect(found('Em Lisboa o passe vale a pena.')).toEqual(['Lisboa:city']);
  });

  it("reads a name glued to an elided article or preposition: d'Orly, l'Alhambra (elision rule)", () => {
    expect(found("Le RER d'Orly est en retard.")).toEqual(['Orly:airport']);
    expect(found("Abbiamo visto il David all'Accademia, poi l'Alhambra in Spagna.")).toContain(
      'Alhambra:landmark',
    );
  });

  it('does not take a German noun after an article for the city or country of that name (German determiner rule)', () => {
    expect(found('Nach dem Essen gehen wir ins Hotel.')).toEqual([]);
    expect(found('Ein Chili con Carne, bitte.')).toEqual([]);
    expect(found('Wir fahren morgen nach Essen.')).toEqual(['Essen:city']);
    expect(found('Wir reisen durch die Schweiz.')).toEqual(['Schweiz:country']);
  });

  it('reads a German place adjective with the compound after it, and -gasse and -spitze compounds (German compound rule)', () => {
    expect(found('Treffpunkt ist der Münchner Hauptbahnhof.')).toEqual(['Münchner Hauptbahnhof:station']);
    expect(found('Die Judengasse ist sehr schön.')).toEqual(['Judengasse:address']);
    expect(found('Wir wandern auf die Wildspitze.')).toEqual(['Wildspitze:landmark']);
  });

  it('reads "de" as "from" after a ride, a way or a distance (way before de rule)', () => {
    expect(found('À vingt kilomètres de Chartres, il y a un joli village.')).toEqual(['Chartres:city']);
    expect(found('Pegamos um táxi do Aeroporto de Confins.')).toEqual(['Aeroporto de Confins:airport']);
    expect(found('O autocarro a partir do Marquês de Pombal é direto.')).toEqual(['Marquês de Pombal:city']);
  });

  it("reads a name after jusqu'au and after visiting verbs (up to and visit rules)", () => {
    expect(found("On a marché jusqu'au Trocadéro.")).toEqual(['Trocadéro:city']);
    expect(found('Ayer visitamos el Monasterio de Piedra.')).toEqual(['Monasterio de Piedra:landmark']);
  });

  it('keeps a capitalised article that opens a name of several words (article rule)', () => {
    expect(found('Cenamos en El Born, junto al mar.')).toEqual(['El Born:city']);
    expect(found('Dormimos en La.')).toEqual([]);
  });

  it('types funiculars and lifts as landmarks (keyword rule)', () => {
    expect(found('O Elevador da Bica estava cheio.')).toEqual(['Elevador da Bica:landmark']);
    expect(found('Prendiamo la Funicolare di Montmartre?')).toEqual(['Funicolare di Montmartre:landmark']);
  });

  it('reads Italian prepositions with their article and keeps the article a name starts with (articulated preposition rule)', () => {
    expect(found('Un aperitivo sui Navigli, poi cena negli Uffizi? No, alle Cinque Terre.')).toEqual([
      'Navigli:city',
      'Uffizi:museum',
      'Cinque Terre:region',
    ]);
    expect(found("Siamo arrivati all'Aia ieri sera.")).toEqual(["l'Aia:city"]);
  });

  it('reads a -damm compound as a street (German compound rule)', () => {
    expect(found('Das Hotel liegt am Schiffbauerdamm.')).toEqual(['Schiffbauerdamm:address']);
  });
});
