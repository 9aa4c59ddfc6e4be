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
    expect(vienna).toMatchObject({ name: 'Wien', originalText: 'Wien', type: 'city', address: 'Vienna, Austria' });
    expect(vienna?.latitude).toMatch(/^48\.2/);
  });

  it('types landmarks, museums, airports, stations and parks from the gazetteer', () => {
    expect(found('Is Big Ben far from the British Museum?')).toEqual(['Big Ben:landmark', 'British Museum:museum']);
    expect(found('Llegamos al aeropuerto de Fiumicino y luego a Termini.')).toEqual(['Fiumicino:airport', 'Termini:station']);
    expect(found('On pique-nique à Hyde Park.')).toEqual(['Hyde Park:park']);
  });

  it('finds places written with a keyword: "X Station", "Hotel X", "gare de X", German compounds', () => {
    expect(found('Meet me at Ueno Station.')).toEqual(['Ueno Station:station']);
    expect(found('We booked Hotel Esplanade for two nights.')).toEqual(['Hotel Esplanade:hotel']);
    expect(found('Treffpunkt ist der Odeonsplatz.')).toEqual(['Odeonsplatz:landmark']);
    expect(found('Le musée Rodin ouvre à dix heures.')).toEqual(['musée Rodin:museum']);
  });

  it('reports countries as said, and hotel chains as hotels', () => {
    expect(found('We loved Portugal, especially the Marriott in Faro.')).toEqual(['Portugal:country', 'Marriott:hotel', 'Faro:city']);
  });

  it('ignores lower-case words and sentence-opening common words', () => {
    expect(found('Nice to meet you. The hotel is nice and the station is close.')).toEqual([]);
    expect(found('The museum pass covers the tour.')).toEqual([]);
  });
});

describe('countryOfText', () => {
  it('takes the country from the first place found, else from a country or demonym', () => {
    expect(countryOfText('The bus from Sydney was 20 dollars.')).toMatchObject({ code: 'AU', place: 'Sydney' });
    expect(countryOfText('Los tacos mexicanos cuestan poco.')).toMatchObject({ code: 'MX' });
    expect(countryOfText('It was lovely.')).toBeUndefined();
  });
});

describe('findLocations in the languages travellers meet (issue 27)', () => {
  it('finds cities by their Italian and Portuguese names', () => {
    expect(found('Domani andiamo da Milano a Monaco di Baviera.')).toEqual(['Milano:city', 'Monaco di Baviera:city']);
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
});
