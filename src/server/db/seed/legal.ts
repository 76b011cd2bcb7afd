/**
 * The privacy policy and the terms, served as HTML by GetPrivacyPolicy and GetTermsAndConditions, in each language:
 * legal/<language>/{privacy,terms}.html beside this file (English is the fallback: loadLegalDocument).
 */
import { LANGUAGES } from '#shared/languages';
import { sourceText } from '#server/templates';

const legalHtml = (kind: 'privacy' | 'terms', language: string) =>
  sourceText(import.meta.url, `legal/${language}/${kind}.html`);

/** The English originals (the browser tests look for their headings left untranslated). */
export const PRIVACY_POLICY_HTML = legalHtml('privacy', 'en');
export const TERMS_HTML = legalHtml('terms', 'en');

/** The seed's rows: ids in the order of LANGUAGES (English 1-2, Spanish 3-4, Arabic 5-6, ...). */
export const LEGAL_DOCUMENTS = LANGUAGES.flatMap(({ code }, i) => [
  { id: 2 * i + 1, kind: 'privacy', language: code, htmlContent: legalHtml('privacy', code) },
  { id: 2 * i + 2, kind: 'terms', language: code, htmlContent: legalHtml('terms', code) },
]);
