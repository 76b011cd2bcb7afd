/** The privacy policy and the terms, served as HTML by GetPrivacyPolicy and GetTermsAndConditions, in each language. */
import type { LanguageCode } from '#shared/languages';
import { PRIVACY_POLICY_HTML_AR, TERMS_HTML_AR } from '#server/db/seed/legal-ar';
import { PRIVACY_POLICY_HTML_DE, TERMS_HTML_DE } from '#server/db/seed/legal-de';
import { PRIVACY_POLICY_HTML_ES, TERMS_HTML_ES } from '#server/db/seed/legal-es';
import { PRIVACY_POLICY_HTML_FR, TERMS_HTML_FR } from '#server/db/seed/legal-fr';
import { PRIVACY_POLICY_HTML_HI, TERMS_HTML_HI } from '#server/db/seed/legal-hi';
import { PRIVACY_POLICY_HTML_IT, TERMS_HTML_IT } from '#server/db/seed/legal-it';
import { PRIVACY_POLICY_HTML_PT, TERMS_HTML_PT } from '#server/db/seed/legal-pt';
import { PRIVACY_POLICY_HTML_TR, TERMS_HTML_TR } from '#server/db/seed/legal-tr';
import { PRIVACY_POLICY_HTML_ZH, TERMS_HTML_ZH } from '#server/db/seed/legal-zh';

const CONTACT = '<a href="mailto:privacy@pawtal.example">privacy@pawtal.example</a>';

export const PRIVACY_POLICY_HTML = `<h1>Privacy Policy</h1>
<p>Last updated: 1 January 2026</p>
<p>Pawtal helps pet owners keep a cloud profile and medical record for their pets, find lost pets, adopt pets and reach local vets, sitters, walkers, groomers and trainers. This policy explains what personal data we process when you use the Pawtal mobile app, the Pawtal website and the Pawtal clinic portal, why we process it and what choices you have.</p>

<h2>1. Who we are</h2>
<p>Pawtal is the controller of the personal data described in this policy, except for the data that veterinary clinics keep about their patients in the clinic portal (see section 5). You can reach our privacy team at ${CONTACT}.</p>

<h2>2. What data we collect</h2>
<ul>
  <li><strong>Account data</strong>: your username, e-mail address, phone number and a password, which we store only as a salted one-way hash.</li>
  <li><strong>Pet profiles</strong>: your pets' names, type, breed, date of birth, gender, colour, photos, microchip number, blood type, skills and description.</li>
  <li><strong>Wellness records</strong>: weights, walks, vaccinations, treatments, consultations, pictures and reminders that you or your vet add.</li>
  <li><strong>Lost-pet reports</strong>: the date and place where your pet went missing, the contact phone, the reward and any notes you publish.</li>
  <li><strong>Location sightings</strong>: when a visitor opens the page of a lost pet and allows location access, the approximate position of their device is stored for the pet's owner (see section 4).</li>
  <li><strong>Technical data</strong>: the minimum needed to run the service securely, such as request times and error reports. We do not write visitors' positions to our logs.</li>
</ul>

<h2>3. How we use your data</h2>
<ul>
  <li>To provide your account, your pets' cloud profiles and their public pages.</li>
  <li>To send the reminders you ask for, such as vaccinations and antiparasitic treatments.</li>
  <li>To help reunite lost pets with their owners.</li>
  <li>To keep the service secure, for example by limiting repeated login attempts.</li>
</ul>
<p>We do not sell your personal data and we do not use it for advertising profiles.</p>

<h2>4. Public pages and lost pets</h2>
<p>Each pet has a public ID. Anyone who knows it can see the pet's public profile. Wellness records are shown only when you leave them public; you can make them private in the app at any time. When your pet is marked as lost, its lost-pet details and your contact phone are visible to everyone so that finders can reach you.</p>
<p>Location sightings sent by visitors are shown only to the pet's owner and co-owners, are never published, and are deleted automatically after 30 days.</p>

<h2>5. Veterinary clinics</h2>
<p>Clinics that use the Pawtal clinic portal record their patients, visits and treatments, and keep the owner's name, phone and e-mail address so that they can contact you. The clinic is responsible for that data and for answering your requests about it; Pawtal processes it on the clinic's behalf. Each clinic sees only its own patients and records.</p>

<h2>6. Sharing</h2>
<p>We share data only with the service providers that host and operate Pawtal under contracts that protect it, with a clinic you visit, with people you invite to co-own a pet, and where the law requires it.</p>

<h2>7. How long we keep data</h2>
<ul>
  <li>Account data and pet profiles: until you delete them or your account.</li>
  <li>Location sightings: 30 days.</li>
  <li>One-time links for resetting a password, verifying an e-mail address or accepting an invite: until they are used or expire.</li>
</ul>

<h2>8. Your rights and deleting your data</h2>
<p>You can access, correct and export your data in the app. You can delete your account and all of its data in the app under <strong>Account &gt; Delete Account</strong>, or by writing to ${CONTACT} from the e-mail address of your account. Depending on where you live you may also object to processing, restrict it, or complain to your data protection authority.</p>

<h2>9. Children</h2>
<p>Pawtal is not directed at children under 16, and we do not knowingly collect their personal data.</p>

<h2>10. Changes</h2>
<p>We will announce material changes to this policy in the app before they take effect.</p>
`;

export const TERMS_HTML = `<h1>Terms and Conditions</h1>
<p>Last updated: 1 January 2026</p>
<p>These terms govern your use of the Pawtal mobile app, the Pawtal website and the Pawtal clinic portal (together, the "service"). By using the service you accept them. Please also read our <a href="/PrivacyPolicy">Privacy Policy</a>.</p>

<h2>1. The service</h2>
<p>Pawtal lets pet owners keep cloud profiles and wellness records for their pets, publish lost-pet reports, browse pets for adoption, and find local vets, sitters, walkers, groomers and trainers. Some features, such as the Pawtal tag, require a premium purchase.</p>

<h2>2. Accounts</h2>
<ul>
  <li>You must give accurate information and keep your password secret.</li>
  <li>You are responsible for what happens under your account and for the content you publish about your pets.</li>
  <li>You may delete your account at any time in the app under <strong>Account &gt; Delete Account</strong>.</li>
</ul>

<h2>3. Acceptable use</h2>
<p>Do not use the service to publish false lost-pet or adoption reports, to harass other people, to collect other users' data, to upload content you have no right to share, or to interfere with the service or its security.</p>

<h2>4. Directory listings</h2>
<p>Vets, sitters, walkers, groomers, trainers and shelters listed in Pawtal are independent. We do not employ them, check their qualifications or guarantee their services. Any agreement you make with them is between you and them.</p>

<h2>5. Clinics</h2>
<ul>
  <li>Clinics using the clinic portal must keep their login details confidential and give access only to their staff.</li>
  <li>Clinics are responsible for the patient and owner data they enter and must have a lawful basis to process it.</li>
  <li>Medical decisions remain the responsibility of the treating veterinarian.</li>
</ul>

<h2>6. Content and licence</h2>
<p>You keep the rights to the photos and text you add. You give Pawtal a licence to host and display them as needed to run the service, including on the public pages of your pets.</p>

<h2>7. Liability</h2>
<p>The service is provided "as is". Pawtal is not a substitute for professional veterinary advice. To the extent the law allows, Pawtal is not liable for indirect losses, or for the acts of listed providers, shelters or other users. Nothing in these terms limits liability that cannot be limited by law.</p>

<h2>8. Changes and termination</h2>
<p>We may change these terms and will announce material changes in the app. We may suspend accounts that break these terms. You may stop using the service at any time.</p>

<h2>9. Contact</h2>
<p>Questions about these terms: <a href="mailto:support@pawtal.example">support@pawtal.example</a>.</p>
`;

interface LegalTexts {
  privacy: string;
  terms: string;
}

/** Each shipped language's two documents (English is the fallback: loadLegalDocument). */
const LEGAL_TEXTS: Record<LanguageCode, LegalTexts> = {
  en: { privacy: PRIVACY_POLICY_HTML, terms: TERMS_HTML },
  es: { privacy: PRIVACY_POLICY_HTML_ES, terms: TERMS_HTML_ES },
  ar: { privacy: PRIVACY_POLICY_HTML_AR, terms: TERMS_HTML_AR },
  fr: { privacy: PRIVACY_POLICY_HTML_FR, terms: TERMS_HTML_FR },
  de: { privacy: PRIVACY_POLICY_HTML_DE, terms: TERMS_HTML_DE },
  pt: { privacy: PRIVACY_POLICY_HTML_PT, terms: TERMS_HTML_PT },
  it: { privacy: PRIVACY_POLICY_HTML_IT, terms: TERMS_HTML_IT },
  tr: { privacy: PRIVACY_POLICY_HTML_TR, terms: TERMS_HTML_TR },
  zh: { privacy: PRIVACY_POLICY_HTML_ZH, terms: TERMS_HTML_ZH },
  hi: { privacy: PRIVACY_POLICY_HTML_HI, terms: TERMS_HTML_HI },
};

/** The seed's rows: ids in the order above (English 1-2, Spanish 3-4, Arabic 5-6, ...). */
export const LEGAL_DOCUMENTS = Object.entries(LEGAL_TEXTS).flatMap(([language, texts], i) => [
  { id: 2 * i + 1, kind: 'privacy', language, htmlContent: texts.privacy },
  { id: 2 * i + 2, kind: 'terms', language, htmlContent: texts.terms },
]);
