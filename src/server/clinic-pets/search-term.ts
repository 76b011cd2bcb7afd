import { and, or, sql, type Column, type SQL } from 'drizzle-orm';
import { clinicPatients } from '#server/db/schema';
import { containsPattern } from '#server/db/query-helpers';

/**
 * A portal search term as every search of a clinic's patients reads it (docs/decisions/0110):
 * white space runs are one space (so a term never holds search_text's newline separator), and a
 * term made only of digits and phone punctuation is also read as a phone number's digits.
 */
export interface SearchTerm {
  /** the term, trimmed, white space runs made one space; folded (unaccent, lower) by the database */
  text: string;
  /** the digits of a phone-like term, else null */
  digits: string | null;
  /**
   * the words of a term of several that is not phone-like: each is looked for on its own, in any order ("navarro
   * paula" finds Paula Navarro, issue 36 item 10); null for one word or a phone-like term
   */
  words: string[] | null;
}

const PHONE_LIKE = /^[\d\s+().\-/]+$/;
/** A whole national number written with its trunk "0" (07700 900123) is found in +44 7700 900123. */
const NATIONAL_NUMBER_MIN_DIGITS = 8;

/**
 * The digits of a phone number as clinic_patients.search_text keeps them (pawtal_phone_digits,
 * migration 0035): non-digits dropped and the international "00" prefix too. A typed term that is
 * a whole national number also loses its trunk "0".
 */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '').replace(/^00/, '');
  if (digits.length >= NATIONAL_NUMBER_MIN_DIGITS && /^0[1-9]/.test(digits) && !/^\s*\+/.test(value))
    return digits.slice(1);
  return digits;
}

/** The term a search box sent, read; null when there is nothing to search for. */
export function readSearchTerm(raw: string | undefined): SearchTerm | null {
  const text = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  const phoneLike = PHONE_LIKE.test(text);
  const digits = phoneLike ? phoneDigits(text) : '';
  const words = text.split(' ');
  return {
    text,
    digits: digits !== '' && digits !== text ? digits : null,
    words: !phoneLike && words.length > 1 ? words : null,
  };
}

/**
 * The condition "this patient matches the term" over clinic_patients.search_text alone, so one
 * table answers it from an index: the trigram index clinic_patients_search_idx, or an index-only
 * scan of clinic_patients_clinic_created_idx (docs/decisions/0041). The folded term inside any
 * part (pet name, owner name, phone, e-mail, microchip, breed), each word of a term of several in any order, or for a
 * phone-like term its digits inside the phone's digits (or another part).
 */
export function patientSearchCondition(term: SearchTerm): SQL {
  return searchTextCondition(clinicPatients.searchText, term);
}

/**
 * The same condition over any trigger-kept search text made of folded parts and phone digits
 * (clinic_patients.search_text, clinic_owners.search_text: migration 0042).
 */
export function searchTextCondition(searchText: Column, term: SearchTerm): SQL {
  const contains = (text: string) => sql`${searchText} like pawtal_fold(${containsPattern(text)})`;
  const folded = term.words ? (and(...term.words.map(contains)) as SQL) : contains(term.text);
  if (term.digits === null) return folded;
  // the digits first: a phone-like term finds a phone by them ("00 1 555" as "1555"), so most rows
  // that match are decided by one LIKE, not two
  return or(sql`${searchText} like ${containsPattern(term.digits)}`, folded) as SQL;
}
