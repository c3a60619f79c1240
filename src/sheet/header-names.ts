/**
 * The header names real exports use, per input — HubSpot, Salesforce, Apollo, the networking site's
 * own export, Google Contacts, prospecting and automation tools — and common non-English ones.
 */
import type { InputKey } from '../domain/inputs';

/**
 * A list written as one '|'-separated string: about 170 names cost two bytes less each in Code.js
 * than as array literals (every execution parses it).
 */
const names = (list: string): readonly string[] => list.split('|');

/**
 * Exact header names per input, folded by foldHeader (so "firstName", "first_name" and "First Name"
 * are all "first name"). A name in no list can still match the patterns in headers.ts.
 */
export const HEADER_NAMES: Record<InputKey, readonly string[]> = {
  firstName: names(
    'first name|firstname|first|fname|given name|forename|contact first name|prenom|vorname|nombre|nome|' +
      'voornaam|imie|fornavn|fornamn|etunimi',
  ),
  lastName: names(
    'last name|lastname|last|lname|surname|family name|contact last name|nom|nom de famille|nachname|' +
      'familienname|apellido|apellidos|cognome|sobrenome|achternaam|nazwisko|efternavn|etternavn|efternamn|' +
      'sukunimi',
  ),
  fullName: names(
    'full name|fullname|name|contact name|contact|person|person name|prospect name|customer name|' +
      'client name|profile name|lead name|display name|nom complet|vollstandiger name|nombre completo|' +
      'nome completo|volledige naam|nom et prenom|prenom et nom|prenom nom|vor und nachname',
  ),
  companyName: names(
    'company|company name|companyname|company account|current company name|current employer|' +
      'employer name|org name|company name for emails|account|account name|organization|organisation|' +
      'organization name|organisation name|organization 1 name|employer|current company|associated company|' +
      'business name|firm|societe|entreprise|nom de l entreprise|nom de la societe|firma|firmenname|' +
      'unternehmen|empresa|nombre de la empresa|compania|azienda|societa|ragione sociale|bedrijf|' +
      'bedrijfsnaam|organizacao|firma nazwa',
  ),
  companyDomain: names(
    'company domain|company domain name|domain|domain name|website|company website|company website url|' +
      'organization website|organization domain|website domain|website url|web site|web|homepage|' +
      'company url|organization 1 website|site|site web|site internet|domaine|webseite|internetseite|' +
      'sitio web|pagina web|dominio|sito web|sito|website bedrijf',
  ),
  networkUrl: names(
    'linkedin|linkedin url|linkedin profile|linkedin profile url|linkedin link|linkedin profile link|' +
      'profile link|person linkedin|person linkedin url|profile url|profile|sales navigator url|' +
      'sales navigator profile|navigator url|network url|social profile|profil linkedin|url linkedin|' +
      'perfil de linkedin|profilo linkedin|url|public profile url',
  ),
  email: names(
    'email|e mail|email address|e mail address|work email|business email|email 1|e mail 1 value|' +
      'email 1 value|primary email|contact email|email id|mail|courriel|adresse e mail|adresse email|' +
      'e mail adresse|correo|correo electronico|posta elettronica|indirizzo email|e mailadres',
  ),
};

/**
 * Headers that look like a person's inputs but are not read: a middle name is neither the first nor
 * the last name the API matches on. Content rules must not take these columns either.
 */
export const REJECTED_NAMES: readonly string[] = names(
  'middle name|middlename|middle names|middle initial|middle|additional name|additional names',
);
