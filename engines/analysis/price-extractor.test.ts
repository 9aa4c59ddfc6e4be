import { describe, expect, it } from 'vitest';
import { extractPrices, parseNumeral } from './price-extractor';

function found(text: string): string[] {
  return extractPrices(text).map((price) => `${price.amount} ${price.currency}`);
}

describe('parseNumeral', () => {
  it('reads a decimal comma, a decimal point and thousands groups in either convention', () => {
    expect(parseNumeral('12,50')).toBe(12.5);
    expect(parseNumeral('4.99')).toBe(4.99);
    expect(parseNumeral('3.000')).toBe(3000);
    expect(parseNumeral('2,500')).toBe(2500);
    expect(parseNumeral('1,200.50')).toBe(1200.5);
    expect(parseNumeral('12.345,67')).toBe(12345.67);
    expect(parseNumeral('1\u202f250')).toBe(1250);
    expect(parseNumeral('1,2,3')).toBeUndefined();
  });
});

describe('extractPrices', () => {
  it('takes the currency from a symbol before or after the amount', () => {
    expect(found('Parking is £6.40 and the ferry 35 € return.')).toEqual(['6.4 GBP', '35 EUR']);
    expect(found('El menú cuesta 11,90 € con bebida.')).toEqual(['11.9 EUR']);
  });

  it('takes the currency from an ISO code on either side', () => {
    expect(found('The transfer is USD 45, the visa 30 EUR.')).toEqual(['45 USD', '30 EUR']);
  });

  it('takes the currency from a word, with or without a qualifier', () => {
    expect(found('Das Hostel kostet 28 Schweizer Franken.')).toEqual(['28 CHF']);
    expect(found('Ça fait 40 dollars canadiens.')).toEqual(['40 CAD']);
    expect(found('The guide wants 3.000 yen for the afternoon.')).toEqual(['3000 JPY']);
  });

  it('reads spelled-out amounts in English, French, Spanish and German', () => {
    expect(found('The ferry ticket was forty two euros.')).toEqual(['42 EUR']);
    expect(found('Le guide demande quatre-vingt-dix euros.')).toEqual(['90 EUR']);
    expect(found('La cena salió ciento veinte euros.')).toEqual(['120 EUR']);
    expect(found('Die Karte kostet fünfundzwanzig Euro.')).toEqual(['25 EUR']);
  });

  it('adds the minor part said after the currency', () => {
    expect(found('Un croissant coûte un euro vingt.')).toEqual(['1.2 EUR']);
    expect(found('It came to 7 dollars and 25 cents.')).toEqual(['7.25 USD']);
    expect(found('Das Ticket kostet drei Euro fünfzig.')).toEqual(['3.5 EUR']);
  });

  it('gives an alternative or a range the currency of the price beside it', () => {
    expect(found('Adults pay 14 pounds, or 9 for students.')).toEqual(['14 GBP', '9 GBP']);
    expect(found('A room costs between 80 and 95 euros.')).toEqual(['80 EUR', '95 EUR']);
  });

  it('reads an ambiguous dollar or peso from the country the text is about, and says so', () => {
    const [price] = extractPrices('In Mexico the bus was 40 pesos.');
    expect(price?.currency).toBe('MXN');
    expect(price?.context).toContain('Mexico');
    expect(found('Las entradas cuestan 2.000 pesos en Colombia.')).toEqual(['2000 COP']);
  });

  it('falls back to the documented default for an ambiguous currency when no country is named', () => {
    const [price] = extractPrices('That souvenir is 12 dollars.');
    expect(price?.currency).toBe('USD');
    expect(price?.context).toContain('by default');
  });

  it('never reports numbers that are not prices', () => {
    expect(found('Take bus 42 to room 305 at 7 pm; the plan has 20 gigabytes.')).toEqual([]);
    expect(found('We arrive on 12.05.2025 at 10:30 for 3 nights.')).toEqual([]);
    expect(found('Buy two pounds of cherries.')).toEqual([]);
  });

  it('keeps the words as said in originalText and the clause as context', () => {
    const [price] = extractPrices('Breakfast? It is 9,50 € per person.');
    expect(price?.originalText).toBe('9,50 €');
    expect(price?.context).toBe('It is 9,50 € per person');
  });

  it('takes a line of a photographed menu as the context of its price', () => {
    const prices = extractPrices('MENU\nCroque monsieur 8,50 €\nSalade niçoise 12,00 €');
    expect(prices.map((price) => price.context)).toEqual(['Croque monsieur 8,50 €', 'Salade niçoise 12,00 €']);
  });
});

describe('extractPrices minor parts', () => {
  it('does not read the words after a price as its cents', () => {
    expect(found('The ferry is 79 EUR one way.')).toEqual(['79 EUR']);
    expect(found('A pint is 6 pounds 20 in the pub.')).toEqual(['6.2 GBP']);
  });
});

describe('extractPrices in the languages travellers meet', () => {
  it('reads Italian and Portuguese amounts in words, with the minor part after "e"', () => {
    expect(found('La cena è costata centoventi euro.')).toEqual(['120 EUR']);
    expect(found('O quarto custa oitenta e cinco euros por noite.')).toEqual(['85 EUR']);
    expect(found('Una pizza costa sette euro e cinquanta.')).toEqual(['7.5 EUR']);
    expect(found('A entrada custa dez euros e cinquenta cêntimos.')).toEqual(['10.5 EUR']);
  });

  it('reads a space that groups thousands: "1 200 dirhams"', () => {
    expect(found('Le guide demande 1 200 dirhams au Maroc.')).toEqual(['1200 MAD']);
  });

  it('names the koruna, forint, zloty, rupee, real, sol and Swiss franc in each language', () => {
    expect(found('Il taxi costa 700 corone ceche.')).toEqual(['700 CZK']);
    expect(found('A cena custou vinte mil florins.')).toEqual(['20000 HUF']);
    expect(found('El billete cuesta 6 eslotis.')).toEqual(['6 PLN']);
    expect(found('Die Fahrt kostet 6 Złoty.')).toEqual(['6 PLN']);
    expect(found('Le trajet coûte cent roupies.')).toEqual(['100 INR']);
    expect(found('Une noix de coco coûte 8 réais.')).toEqual(['8 BRL']);
    expect(found('O almoço custa 15 soles.')).toEqual(['15 PEN']);
    expect(found('Un panino costa dodici franchi svizzeri.')).toEqual(['12 CHF']);
  });

  it('gives a currency said once after a list to every amount of the list', () => {
    expect(found('The menu says soup 6, steak 24 and dessert 8 euros.')).toEqual(['6 EUR', '24 EUR', '8 EUR']);
    expect(found('Coffee 3.20, croissant 2.80, all in euros.')).toEqual(['3.2 EUR', '2.8 EUR']);
    expect(found('Der Eintritt kostet 15 Euro, ermäßigt 9.')).toEqual(['15 EUR', '9 EUR']);
  });

  it('never prices a count, a time, a year or a numbered thing in a text with one currency', () => {
    expect(found('Bus 42 leaves at 10, tickets are 3 euros.')).toEqual(['3 EUR']);
    expect(found('We stayed 3 nights in 2019 and paid 80 euros a night.')).toEqual(['80 EUR']);
    expect(found('2 coffees and a croissant came to 9 euros.')).toEqual(['9 EUR']);
  });

  it('takes "3 o 4 euro" as two prices, not "o" for o\'clock', () => {
    expect(found('Il gelato costa 3 o 4 euro.')).toEqual(['3 EUR', '4 EUR']);
  });

  it('prices a spelled item of a list whose currency was said once (spelled list item rule)', () => {
    expect(found('The boat was three hundred baht, and the guide two hundred.')).toEqual(['300 THB', '200 THB']);
    expect(found('El café cuesta dos euros y el zumo cuatro.')).toEqual(['2 EUR', '4 EUR']);
    expect(found('Il museo costa dieci euro, la guida cinque.')).toEqual(['10 EUR', '5 EUR']);
    expect(found('O jantar custou trinta reais e a cerveja oito.')).toEqual(['30 BRL', '8 BRL']);
    expect(found('En Madrid el metro cuesta dos euros y el bus uno con cincuenta.')).toEqual(['2 EUR', '1.5 EUR']);
  });

  it('never prices a spelled count or a lone "one" after a price', () => {
    expect(found('The tour is twenty euros and we are three people.')).toEqual(['20 EUR']);
    expect(found('Two coffees cost six euros and one for my friend.')).toEqual(['6 EUR']);
    expect(found('Das Zimmer kostet achtzig Euro. Wir sind zwei.')).toEqual(['80 EUR']);
  });

  it('keeps spelled cents that run on into a list: "doce euros con cincuenta y..."', () => {
    expect(found('Son ocho euros con cuarenta y el postre aparte.')).toEqual(['8.4 EUR']);
  });

  it('prices the last amount of a list when a place name follows it (place after a list rule)', () => {
    expect(found('La cena costó 900 rupias y el taxi 300 en Jaipur.')).toEqual(['900 INR', '300 INR']);
    expect(found('The room is 80 euros and we are 2 in the room.')).toEqual(['80 EUR']);
  });

  it('reads florines as Hungarian forints', () => {
    expect(found('La cena costó 12.000 florines.')).toEqual(['12000 HUF']);
  });

  it('prices cents said alone: pence are sterling, Rappen Swiss, cents the euro or a dollar country\'s (cents alone rule)', () => {
    expect(found('A stamp is 85p at the post office.')).toEqual(['0.85 GBP']);
    expect(found('Der Kaffee am Automaten kostet 90 Cent.')).toEqual(['0.9 EUR']);
    expect(found('La consigne coûte 50 centimes.')).toEqual(['0.5 EUR']);
    expect(found('Parking in Chicago is 75 cents an hour.')).toEqual(['0.75 USD']);
    expect(found('Das WC in Bern kostet 50 Rappen.')).toEqual(['0.5 CHF']);
    expect(found('The bus leaves at 5pm.')).toEqual([]);
  });

  it('reads cents after "con" or "com", spelled tens right after the currency, and half a unit', () => {
    expect(found('Un euro con veinte el billete.')).toEqual(['1.2 EUR']);
    expect(found('Paguei cinco reais com cinquenta pelo suco.')).toEqual(['5.5 BRL']);
    expect(found('Wir haben acht Euro vierzig bezahlt.')).toEqual(['8.4 EUR']);
    expect(found('Il gelato costa due euro e mezzo.')).toEqual(['2.5 EUR']);
    expect(found('A cup of tea is two pounds and a half.')).toEqual(['2.5 GBP']);
    expect(found('Zwei Euro, fünfzig Stück im Karton.')).toEqual(['2 EUR']);
  });

  it('reads a dash for no cents and the sol symbol', () => {
    expect(found('Das Tagesmenü kostet 14,- € mit Getränk.')).toEqual(['14 EUR']);
    expect(found('El ceviche cuesta S/. 32 en Miraflores.')).toEqual(['32 PEN']);
  });

  it('prices an item said "10 más" or "12 extra" after a price (extra item rule)', () => {
    expect(found('La cena cuesta 30 euros y el vino 12 más.')).toEqual(['30 EUR', '12 EUR']);
    expect(found('The room is 90 euros and we stayed 2 more nights.')).toEqual(['90 EUR']);
  });

  it('joins units and cents said before the currency with "con" or "com" (units-before-cents rule)', () => {
    expect(found('La entrada sale veinte con cincuenta euros.')).toEqual(['20.5 EUR']);
    expect(found('O bilhete custa cinco com cinquenta reais.')).toEqual(['5.5 BRL']);
    expect(found('Vinimos 3 con 20 amigos y pagamos 40 euros.')).toEqual(['40 EUR']);
  });
});
