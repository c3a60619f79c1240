/**
 * Countries of the synthetic world: names (with their accents), cities, universities, languages and
 * mobile number plans. FR, GB, DE, IT... have national numbers with a leading zero (06..., 07...),
 * which is what breaks naive phone handling in a spreadsheet.
 */
import type { Random } from './random';

export interface City {
  city: string;
  region: string;
}

export interface Locale {
  country: string;
  countryCode: string;
  /** The international prefix of its phone numbers. */
  callingCode: string;
  /** Relative share of people and company headquarters. */
  weight: number;
  language: { language: string; code: string };
  cities: readonly City[];
  firstNames: readonly string[];
  lastNames: readonly string[];
  universities: readonly string[];
  streets: readonly string[];
  tlds: readonly string[];
  personalEmailDomains: readonly string[];
  /** A random mobile number in E.164. */
  mobile(random: Random): string;
}

/** Splits a comma-separated vocabulary (a compact form prettier leaves alone). */
export function list(words: string): readonly string[] {
  return words
    .split(',')
    .map((word) => word.replace(/\s+/g, ' ').trim())
    .filter((word) => word !== '');
}

const ENGLISH = { language: 'English', code: 'en' };

export const LOCALES: readonly Locale[] = [
  {
    country: 'United States',
    countryCode: 'US',
    callingCode: '+1',
    weight: 30,
    language: ENGLISH,
    cities: [
      { city: 'New York', region: 'New York' },
      { city: 'San Francisco', region: 'California' },
      { city: 'Austin', region: 'Texas' },
      { city: 'Chicago', region: 'Illinois' },
      { city: 'Seattle', region: 'Washington' },
      { city: 'Boston', region: 'Massachusetts' },
    ],
    firstNames: list(
      `James, Mary, Michael, Jennifer, David, Aaliyah, Chris, Jessica, Tyler, Ashley, Brandon, Emily, DeShawn, Olivia, Ethan, Madison, Noah, Zoë, Logan, Kayla`,
    ),
    lastNames: list(
      `Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Wilson, Anderson, Taylor, Thomas, Moore, Jackson, White, Harris, Martin, Thompson, Robinson, O'Brien, Nguyen`,
    ),
    universities: list(
      `Stanford University, University of Texas at Austin, New York University, MIT, University of Washington`,
    ),
    streets: list(`Main Street, Market Street, Broadway, Congress Avenue, Pine Street`),
    tlds: list(`com, com, io, co`),
    personalEmailDomains: list(`gmail.com, yahoo.com, outlook.com, icloud.com`),
    mobile: (r) => `+1${r.pick(['212', '415', '512', '312', '206', '617'])}${r.int(2, 9)}${r.digits(6)}`,
  },
  {
    country: 'United Kingdom',
    countryCode: 'GB',
    callingCode: '+44',
    weight: 10,
    language: ENGLISH,
    cities: [
      { city: 'London', region: 'England' },
      { city: 'Manchester', region: 'England' },
      { city: 'Edinburgh', region: 'Scotland' },
      { city: 'Bristol', region: 'England' },
      { city: 'Cardiff', region: 'Wales' },
    ],
    firstNames: list(
      `Oliver, Amelia, Harry, Isla, George, Ava, Jack, Sophie, Callum, Niamh, Rhys, Siobhán, Alfie, Freya, Priya, Mohammed`,
    ),
    lastNames: list(
      `Smith, Jones, Taylor, Evans, Davies, Wright, Walker, Roberts, Patel, Hughes, MacDonald, Ó Súilleabháin, Clarke, Khan`,
    ),
    universities: list(
      `University of Oxford, University of Cambridge, Imperial College London, University of Edinburgh, University of Manchester`,
    ),
    streets: list(`High Street, Station Road, Church Lane, Victoria Road`),
    tlds: list(`co.uk, com, io`),
    personalEmailDomains: list(`gmail.com, hotmail.co.uk, outlook.com, btinternet.com`),
    // National form 07xxx xxxxxx.
    mobile: (r) => `+447${r.int(4, 9)}${r.digits(8)}`,
  },
  {
    country: 'France',
    countryCode: 'FR',
    callingCode: '+33',
    weight: 12,
    language: { language: 'French', code: 'fr' },
    cities: [
      { city: 'Paris', region: 'Île-de-France' },
      { city: 'Lyon', region: 'Auvergne-Rhône-Alpes' },
      { city: 'Marseille', region: "Provence-Alpes-Côte d'Azur" },
      { city: 'Toulouse', region: 'Occitanie' },
      { city: 'Nantes', region: 'Pays de la Loire' },
      { city: 'Saint-Étienne', region: 'Auvergne-Rhône-Alpes' },
    ],
    firstNames: list(
      `François, Camille, Hélène, Jérôme, Amélie, Léa, Benoît, Chloé, Noël, Gaëlle, Théo, Inès, Loïc, Manon, Mathis, Anaïs, Rémi, Zoé`,
    ),
    lastNames: list(
      `Martin, Bernard, Dubois, Lefèvre, Moreau, Girard, Bézier, Rousseau, Lemaître, Faure, Mercier, Dupré, Château, Benoît, Da Silva, Lefebvre`,
    ),
    universities: list(`Sorbonne Université, HEC Paris, École Polytechnique, Université Lyon 2, Sciences Po`),
    streets: list(`rue de la Paix, avenue des Champs-Élysées, rue Victor Hugo, boulevard Haussmann`),
    tlds: list(`fr, com, io`),
    personalEmailDomains: list(`gmail.com, orange.fr, free.fr, laposte.net, hotmail.fr`),
    // National form 06 xx xx xx xx / 07 xx xx xx xx.
    mobile: (r) => `+33${r.pick(['6', '7'])}${r.digits(8)}`,
  },
  {
    country: 'Germany',
    countryCode: 'DE',
    callingCode: '+49',
    weight: 10,
    language: { language: 'German', code: 'de' },
    cities: [
      { city: 'Berlin', region: 'Berlin' },
      { city: 'München', region: 'Bayern' },
      { city: 'Hamburg', region: 'Hamburg' },
      { city: 'Köln', region: 'Nordrhein-Westfalen' },
      { city: 'Frankfurt am Main', region: 'Hessen' },
    ],
    firstNames: list(
      `Jürgen, Lukas, Anna, Jörg, Sophie, Maximilian, Lena, Björn, Hannah, Günther, Leonie, Felix, Märta, Paul, Uwe, Emre`,
    ),
    lastNames: list(
      `Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Schäfer, Köhler, Groß, Hoffmann, Schröder, Yılmaz, Krüger`,
    ),
    universities: list(
      `Technische Universität München, Humboldt-Universität zu Berlin, Universität zu Köln, RWTH Aachen`,
    ),
    streets: list(`Hauptstraße, Schillerstraße, Goethestraße, Bahnhofstraße`),
    tlds: list(`de, com, io`),
    personalEmailDomains: list(`gmail.com, gmx.de, web.de, t-online.de`),
    // National form 015x / 016x / 017x.
    mobile: (r) => `+49${r.pick(['151', '152', '160', '170', '171', '176'])}${r.digits(r.int(7, 8))}`,
  },
  {
    country: 'Spain',
    countryCode: 'ES',
    callingCode: '+34',
    weight: 6,
    language: { language: 'Spanish', code: 'es' },
    cities: [
      { city: 'Madrid', region: 'Comunidad de Madrid' },
      { city: 'Barcelona', region: 'Cataluña' },
      { city: 'Sevilla', region: 'Andalucía' },
      { city: 'Valencia', region: 'Comunidad Valenciana' },
      { city: 'A Coruña', region: 'Galicia' },
    ],
    firstNames: list(
      `José, María, Iñaki, Lucía, Álvaro, Sofía, Javier, Begoña, Raúl, Núria, Sergio, Ainhoa, Jesús, Martina`,
    ),
    lastNames: list(
      `García, Fernández, González, Rodríguez, López, Martínez, Sánchez, Pérez, Gómez, Muñoz, Núñez, Ibáñez, de la Fuente, Castaño`,
    ),
    universities: list(
      `Universidad Complutense de Madrid, Universitat de Barcelona, IE University, Universidad de Sevilla`,
    ),
    streets: list(`Calle Mayor, Gran Vía, Paseo de Gracia, Calle de Alcalá`),
    tlds: list(`es, com`),
    personalEmailDomains: list(`gmail.com, hotmail.es, yahoo.es, telefonica.net`),
    mobile: (r) => `+34${r.pick(['6', '7'])}${r.digits(8)}`,
  },
  {
    country: 'Italy',
    countryCode: 'IT',
    callingCode: '+39',
    weight: 5,
    language: { language: 'Italian', code: 'it' },
    cities: [
      { city: 'Milano', region: 'Lombardia' },
      { city: 'Roma', region: 'Lazio' },
      { city: 'Torino', region: 'Piemonte' },
      { city: 'Bologna', region: 'Emilia-Romagna' },
    ],
    firstNames: list(
      `Giuseppe, Giulia, Niccolò, Francesca, Luca, Chiara, Nicolò, Alessia, Matteo, Aurora, Pietro, Lucrezia`,
    ),
    lastNames: list(
      `Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, De Luca, D'Angelo, Fabbrì`,
    ),
    universities: list(
      `Politecnico di Milano, Università Bocconi, Sapienza Università di Roma, Università di Bologna`,
    ),
    streets: list(`Via Roma, Corso Italia, Via Garibaldi, Via Dante`),
    tlds: list(`it, com`),
    personalEmailDomains: list(`gmail.com, libero.it, virgilio.it, hotmail.it`),
    mobile: (r) => `+393${r.int(2, 9)}${r.digits(r.int(7, 8))}`,
  },
  {
    country: 'Brazil',
    countryCode: 'BR',
    callingCode: '+55',
    weight: 6,
    language: { language: 'Portuguese', code: 'pt' },
    cities: [
      { city: 'São Paulo', region: 'São Paulo' },
      { city: 'Rio de Janeiro', region: 'Rio de Janeiro' },
      { city: 'Belo Horizonte', region: 'Minas Gerais' },
      { city: 'Florianópolis', region: 'Santa Catarina' },
    ],
    firstNames: list(
      `João, Ana, Thiago, Letícia, Gonçalo, Beatriz, Caio, Júlia, Vinícius, Lívia, Otávio, Mariana`,
    ),
    lastNames: list(
      `Silva, Santos, Oliveira, Souza, Conceição, Araújo, Gonçalves, Ribeiro, Pereira, Magalhães, Assunção, Lima`,
    ),
    universities: list(
      `Universidade de São Paulo, Unicamp, Universidade Federal do Rio de Janeiro, Fundação Getulio Vargas`,
    ),
    streets: list(`Avenida Paulista, Rua Augusta, Rua das Flores, Avenida Atlântica`),
    tlds: list(`com.br, com`),
    personalEmailDomains: list(`gmail.com, hotmail.com, uol.com.br, bol.com.br`),
    mobile: (r) => `+55${r.pick(['11', '21', '31', '48'])}9${r.digits(8)}`,
  },
  {
    country: 'Netherlands',
    countryCode: 'NL',
    callingCode: '+31',
    weight: 4,
    language: { language: 'Dutch', code: 'nl' },
    cities: [
      { city: 'Amsterdam', region: 'Noord-Holland' },
      { city: 'Rotterdam', region: 'Zuid-Holland' },
      { city: 'Utrecht', region: 'Utrecht' },
      { city: 'Eindhoven', region: 'Noord-Brabant' },
    ],
    firstNames: list(`Daan, Sanne, Bram, Fleur, Joëlle, Sem, Eva, Thijs, Anouk, Ruud`),
    lastNames: list(
      `de Jong, Jansen, de Vries, van den Berg, Bakker, Visser, Smit, Meijer, van Dijk, Mulder`,
    ),
    universities: list(`Universiteit van Amsterdam, TU Delft, Erasmus Universiteit Rotterdam`),
    streets: list(`Kalverstraat, Herengracht, Damrak, Coolsingel`),
    tlds: list(`nl, com, io`),
    personalEmailDomains: list(`gmail.com, ziggo.nl, kpnmail.nl, hotmail.nl`),
    mobile: (r) => `+316${r.digits(8)}`,
  },
  {
    country: 'Sweden',
    countryCode: 'SE',
    callingCode: '+46',
    weight: 3,
    language: { language: 'Swedish', code: 'sv' },
    cities: [
      { city: 'Stockholm', region: 'Stockholms län' },
      { city: 'Göteborg', region: 'Västra Götaland' },
      { city: 'Malmö', region: 'Skåne' },
    ],
    firstNames: list(`Åsa, Björn, Linnéa, Örjan, Elsa, Måns, Saga, Erik, Ingrid, Nils`),
    lastNames: list(
      `Andersson, Johansson, Karlsson, Nilsson, Eriksson, Larsson, Öberg, Ståhl, Lindqvist, Åkesson`,
    ),
    universities: list(`KTH Royal Institute of Technology, Lunds universitet, Uppsala universitet`),
    streets: list(`Drottninggatan, Storgatan, Kungsgatan`),
    tlds: list(`se, com, io`),
    personalEmailDomains: list(`gmail.com, hotmail.se, telia.com`),
    mobile: (r) => `+467${r.pick(['0', '2', '3', '6'])}${r.digits(7)}`,
  },
  {
    country: 'Poland',
    countryCode: 'PL',
    callingCode: '+48',
    weight: 4,
    language: { language: 'Polish', code: 'pl' },
    cities: [
      { city: 'Warszawa', region: 'Mazowieckie' },
      { city: 'Kraków', region: 'Małopolskie' },
      { city: 'Wrocław', region: 'Dolnośląskie' },
      { city: 'Gdańsk', region: 'Pomorskie' },
    ],
    firstNames: list(
      `Łukasz, Agnieszka, Paweł, Małgorzata, Wojciech, Zofia, Michał, Joanna, Grzegorz, Katarzyna`,
    ),
    lastNames: list(
      `Nowak, Kowalski, Wiśniewski, Wójcik, Kowalczyk, Kamiński, Lewandowski, Zieliński, Szymański, Dąbrowski`,
    ),
    universities: list(`Uniwersytet Warszawski, Uniwersytet Jagielloński, Politechnika Wrocławska`),
    streets: list(`ulica Marszałkowska, ulica Floriańska, ulica Długa`),
    tlds: list(`pl, com`),
    personalEmailDomains: list(`gmail.com, wp.pl, onet.pl, interia.pl`),
    mobile: (r) => `+48${r.pick(['5', '6', '7', '8'])}${r.digits(8)}`,
  },
  {
    country: 'Japan',
    countryCode: 'JP',
    callingCode: '+81',
    weight: 4,
    language: { language: 'Japanese', code: 'ja' },
    cities: [
      { city: 'Tokyo', region: 'Tokyo' },
      { city: 'Osaka', region: 'Osaka' },
      { city: 'Fukuoka', region: 'Fukuoka' },
    ],
    firstNames: list(`Haruto, Yui, Sōta, Aoi, Ren, Hina, Kenji, Yūko, Takumi, Sakura`),
    lastNames: list(`Satō, Suzuki, Takahashi, Tanaka, Watanabe, Itō, Yamamoto, Nakamura, Kobayashi, Katō`),
    universities: list(`University of Tokyo, Kyoto University, Waseda University, Keio University`),
    streets: list(`Chūō-dōri, Omotesandō, Midōsuji`),
    tlds: list(`jp, co.jp, com`),
    personalEmailDomains: list(`gmail.com, yahoo.co.jp, docomo.ne.jp`),
    // National form 090 / 080 / 070.
    mobile: (r) => `+81${r.pick(['90', '80', '70'])}${r.digits(8)}`,
  },
  {
    country: 'India',
    countryCode: 'IN',
    callingCode: '+91',
    weight: 6,
    language: { language: 'Hindi', code: 'hi' },
    cities: [
      { city: 'Bengaluru', region: 'Karnataka' },
      { city: 'Mumbai', region: 'Maharashtra' },
      { city: 'Pune', region: 'Maharashtra' },
      { city: 'Hyderabad', region: 'Telangana' },
    ],
    firstNames: list(`Aarav, Ananya, Vihaan, Diya, Arjun, Saanvi, Rohan, Isha, Karthik, Meera`),
    lastNames: list(`Sharma, Patel, Iyer, Reddy, Gupta, Nair, Singh, Kulkarni, Mehta, Chatterjee`),
    universities: list(`IIT Bombay, IIT Delhi, Indian Institute of Science, University of Mumbai`),
    streets: list(`MG Road, Brigade Road, Linking Road`),
    tlds: list(`in, co.in, com, io`),
    personalEmailDomains: list(`gmail.com, yahoo.in, rediffmail.com`),
    mobile: (r) => `+91${r.int(6, 9)}${r.digits(9)}`,
  },
];

export const LOCALE_WEIGHTS: readonly (readonly [Locale, number])[] = LOCALES.map((l) => [l, l.weight]);
