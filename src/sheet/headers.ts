/**
 * Header row detection and column mapping. Headers are folded (lower case, no accents, no
 * punctuation) and compared with the names used by real exports — HubSpot, Salesforce, Apollo,
 * the networking site's own export, Google Contacts — and common non-English ones.
 */
import { INPUT_KEYS, type ColumnMapping, type InputKey } from './inputs';
import { foldText } from './text';

/** Exact folded header names per input. Order matters: the first column that matches wins. */
const HEADER_NAMES: Record<InputKey, readonly string[]> = {
  firstName: [
    'first name',
    'firstname',
    'first',
    'fname',
    'given name',
    'forename',
    'contact first name',
    'prenom',
    'vorname',
    'nombre',
    'nome',
    'voornaam',
    'imie',
    'fornavn',
    'fornamn',
    'etunimi',
  ],
  lastName: [
    'last name',
    'lastname',
    'last',
    'lname',
    'surname',
    'family name',
    'contact last name',
    'nom',
    'nom de famille',
    'nachname',
    'familienname',
    'apellido',
    'apellidos',
    'cognome',
    'sobrenome',
    'achternaam',
    'nazwisko',
    'efternavn',
    'etternavn',
    'efternamn',
    'sukunimi',
  ],
  fullName: [
    'full name',
    'fullname',
    'name',
    'contact name',
    'contact',
    'person',
    'person name',
    'lead name',
    'display name',
    'nom complet',
    'vollstandiger name',
    'nombre completo',
    'nome completo',
    'volledige naam',
    'nom et prenom',
    'prenom et nom',
    'prenom nom',
    'vor und nachname',
  ],
  companyName: [
    'company',
    'company name',
    'companyname',
    'company name for emails',
    'account',
    'account name',
    'organization',
    'organisation',
    'organization name',
    'organisation name',
    'organization 1 name',
    'employer',
    'current company',
    'associated company',
    'business name',
    'firm',
    'societe',
    'entreprise',
    'nom de l entreprise',
    'nom de la societe',
    'firma',
    'firmenname',
    'unternehmen',
    'empresa',
    'nombre de la empresa',
    'compania',
    'azienda',
    'societa',
    'ragione sociale',
    'bedrijf',
    'bedrijfsnaam',
    'organizacao',
    'firma nazwa',
  ],
  companyDomain: [
    'company domain',
    'company domain name',
    'domain',
    'domain name',
    'website',
    'company website',
    'website url',
    'web site',
    'web',
    'homepage',
    'company url',
    'organization 1 website',
    'site',
    'site web',
    'site internet',
    'domaine',
    'webseite',
    'internetseite',
    'sitio web',
    'pagina web',
    'dominio',
    'sito web',
    'sito',
    'website bedrijf',
  ],
  networkUrl: [
    'linkedin',
    'linkedin url',
    'linkedin profile',
    'linkedin profile url',
    'person linkedin url',
    'profile url',
    'profile',
    'sales navigator url',
    'sales navigator profile',
    'navigator url',
    'network url',
    'social profile',
    'profil linkedin',
    'url linkedin',
    'perfil de linkedin',
    'profilo linkedin',
    'url',
    'public profile url',
  ],
  email: [
    'email',
    'e mail',
    'email address',
    'e mail address',
    'work email',
    'business email',
    'email 1',
    'e mail 1 value',
    'email 1 value',
    'primary email',
    'contact email',
    'mail',
    'courriel',
    'adresse e mail',
    'adresse email',
    'e mail adresse',
    'correo',
    'correo electronico',
    'posta elettronica',
    'indirizzo email',
    'e mailadres',
  ],
};

const EXACT = new Map<string, InputKey>();
for (const key of INPUT_KEYS)
  for (const name of HEADER_NAMES[key]) if (!EXACT.has(name)) EXACT.set(name, key);

/** Which input a header names, or undefined. A company's profile URL is not a person's. */
export function inputOfHeader(header: string): InputKey | undefined {
  const folded = foldText(header);
  if (!folded) return undefined;
  const exact = EXACT.get(folded);
  if (exact) return exact;
  if (/\b(linkedin|navigator|xing)\b/.test(folded)) {
    return /\b(company|organization|organisation|account|entreprise|societe|empresa)\b/.test(folded)
      ? undefined
      : 'networkUrl';
  }
  if (/\be ?mail\b/.test(folded) && !/\b(status|opt|bounce|verified|type|label|date)\b/.test(folded)) {
    return /\b(personal|home|private)\b/.test(folded) ? undefined : 'email';
  }
  return undefined;
}

/** How many header rows we look at from the top of the read block. */
const HEADER_SCAN_ROWS = 10;

/** The 1-based row among the first rows whose cells name the most inputs (0 when none does). */
export function detectHeaderRow(rows: readonly (readonly string[])[]): number {
  let best = 0;
  let bestScore = 0;
  rows.slice(0, HEADER_SCAN_ROWS).forEach((cells, index) => {
    const score = new Set(cells.map(inputOfHeader).filter(Boolean)).size;
    if (score > bestScore) [best, bestScore] = [index + 1, score];
  });
  return best;
}

/**
 * Input → column (1-based) from the header texts, skipping `excluded` columns (our own output
 * columns). Sample values settle ambiguous URL columns: "URL" holding company sites is a domain.
 */
export function detectMapping(
  headers: readonly string[],
  samples: readonly (readonly string[])[],
  excluded: ReadonlySet<number> = new Set(),
): ColumnMapping {
  const mapping: ColumnMapping = {};
  headers.forEach((header, index) => {
    const column = index + 1;
    if (excluded.has(column)) return;
    let key = inputOfHeader(header);
    if (key === 'networkUrl' || key === 'companyDomain') key = refineUrlColumn(key, header, samples, index);
    if (key && mapping[key] === undefined) mapping[key] = column;
  });
  return mapping;
}

function refineUrlColumn(
  key: 'networkUrl' | 'companyDomain',
  header: string,
  samples: readonly (readonly string[])[],
  index: number,
): InputKey | undefined {
  const values = samples.map((row) => (row[index] ?? '').toLowerCase()).filter(Boolean);
  if (values.length === 0) return key;
  const share = (pattern: RegExp) => values.filter((value) => pattern.test(value)).length / values.length;
  if (share(/\/(in|pub|sales\/lead|sales\/people|profile)\//) >= 0.5) return 'networkUrl';
  if (share(/\/(company|school)\//) >= 0.5) return undefined;
  if (key === 'networkUrl' && /linkedin|navigator|network|xing/.test(foldText(header))) return key;
  return 'companyDomain';
}
