/** The privacy policy and the terms in German (the English originals are in legal.ts). */

const CONTACT = '<a href="mailto:privacy@pawtal.example">privacy@pawtal.example</a>';

export const PRIVACY_POLICY_HTML_DE = `<h1>Datenschutzerklärung</h1>
<p>Zuletzt aktualisiert: 1. Januar 2026</p>
<p>Pawtal hilft Tierbesitzern, für ihre Tiere ein Cloud-Profil und eine Gesundheitsakte zu führen, vermisste Tiere zu finden, Tiere zu adoptieren und Tierärzte, Tiersitter, Gassigeher, Tierfriseure und Tiertrainer in ihrer Nähe zu erreichen. Diese Erklärung beschreibt, welche personenbezogenen Daten wir verarbeiten, wenn du die Pawtal-App, die Pawtal-Website oder das Pawtal-Praxisportal nutzt, warum wir sie verarbeiten und welche Wahlmöglichkeiten du hast.</p>

<h2>1. Wer wir sind</h2>
<p>Pawtal ist Verantwortlicher für die in dieser Erklärung beschriebenen personenbezogenen Daten, mit Ausnahme der Daten, die Tierarztpraxen im Praxisportal über ihre Patienten speichern (siehe Abschnitt 5). Unser Datenschutzteam erreichst du unter ${CONTACT}.</p>

<h2>2. Welche Daten wir erheben</h2>
<ul>
  <li><strong>Kontodaten</strong>: dein Benutzername, deine E-Mail-Adresse, deine Telefonnummer und ein Passwort, das wir nur als gesalzenen Einweg-Hash speichern.</li>
  <li><strong>Tierprofile</strong>: Name, Tierart, Rasse, Geburtsdatum, Geschlecht, Farbe, Fotos, Chipnummer, Blutgruppe, Kunststücke und Beschreibung deiner Tiere.</li>
  <li><strong>Gesundheitseinträge</strong>: Gewichte, Spaziergänge, Impfungen, Behandlungen, Konsultationen, Bilder und Erinnerungen, die du oder dein Tierarzt hinzufügt.</li>
  <li><strong>Vermisstenmeldungen</strong>: Datum und Ort, an dem dein Tier verschwunden ist, die Kontakttelefonnummer, der Finderlohn und alle Hinweise, die du veröffentlichst.</li>
  <li><strong>Sichtungen mit Standort</strong>: Wenn ein Besucher die Seite eines vermissten Tieres öffnet und den Standortzugriff erlaubt, wird die ungefähre Position seines Geräts für den Besitzer des Tieres gespeichert (siehe Abschnitt 4).</li>
  <li><strong>Technische Daten</strong>: das Minimum, das für einen sicheren Betrieb des Dienstes nötig ist, etwa Zeitpunkte von Anfragen und Fehlerberichte. Die Positionen von Besuchern schreiben wir nicht in unsere Protokolle.</li>
</ul>

<h2>3. Wofür wir deine Daten verwenden</h2>
<ul>
  <li>Um dir dein Konto, die Cloud-Profile deiner Tiere und ihre öffentlichen Seiten bereitzustellen.</li>
  <li>Um dir die Erinnerungen zu schicken, die du wünschst, etwa an Impfungen und Parasitenbehandlungen.</li>
  <li>Um vermisste Tiere wieder mit ihren Besitzern zusammenzubringen.</li>
  <li>Um den Dienst sicher zu halten, zum Beispiel indem wir wiederholte Anmeldeversuche begrenzen.</li>
</ul>
<p>Wir verkaufen deine personenbezogenen Daten nicht und nutzen sie nicht für Werbeprofile.</p>

<h2>4. Öffentliche Seiten und vermisste Tiere</h2>
<p>Jedes Tier hat eine öffentliche ID. Wer sie kennt, kann das öffentliche Profil des Tieres sehen. Gesundheitseinträge werden nur angezeigt, wenn du sie öffentlich lässt; du kannst sie in der App jederzeit auf privat stellen. Wenn dein Tier als vermisst gemeldet ist, sind die Angaben der Vermisstenmeldung und deine Kontakttelefonnummer für alle sichtbar, damit Finder dich erreichen können.</p>
<p>Sichtungen mit Standort, die Besucher senden, werden nur dem Besitzer und den Mitbesitzern des Tieres angezeigt, nie veröffentlicht und nach 30 Tagen automatisch gelöscht.</p>

<h2>5. Tierarztpraxen</h2>
<p>Praxen, die das Pawtal-Praxisportal nutzen, erfassen dort ihre Patienten, Besuche und Behandlungen und speichern Name, Telefonnummer und E-Mail-Adresse des Besitzers, um dich kontaktieren zu können. Für diese Daten und für die Beantwortung deiner Anfragen dazu ist die Praxis verantwortlich; Pawtal verarbeitet sie im Auftrag der Praxis. Jede Praxis sieht nur ihre eigenen Patienten und Einträge.</p>

<h2>6. Weitergabe</h2>
<p>Wir geben Daten nur an die Dienstleister weiter, die Pawtal hosten und betreiben, und zwar auf Grundlage von Verträgen, die die Daten schützen, außerdem an eine Praxis, die du besuchst, an Personen, die du als Mitbesitzer eines Tieres einlädst, und dort, wo das Gesetz es verlangt.</p>

<h2>7. Wie lange wir Daten aufbewahren</h2>
<ul>
  <li>Kontodaten und Tierprofile: bis du sie oder dein Konto löschst.</li>
  <li>Sichtungen mit Standort: 30 Tage.</li>
  <li>Einmal-Links zum Zurücksetzen eines Passworts, zum Bestätigen einer E-Mail-Adresse oder zum Annehmen einer Einladung: bis sie verwendet werden oder ablaufen.</li>
</ul>

<h2>8. Deine Rechte und das Löschen deiner Daten</h2>
<p>Du kannst deine Daten in der App einsehen, berichtigen und exportieren. Dein Konto und alle zugehörigen Daten kannst du in der App unter <strong>Konto &gt; Konto löschen</strong> löschen oder indem du von der E-Mail-Adresse deines Kontos an ${CONTACT} schreibst. Je nachdem, wo du lebst, kannst du der Verarbeitung außerdem widersprechen, ihre Einschränkung verlangen oder dich bei deiner Datenschutzaufsichtsbehörde beschweren.</p>

<h2>9. Kinder</h2>
<p>Pawtal richtet sich nicht an Kinder unter 16 Jahren, und wir erheben wissentlich keine personenbezogenen Daten von ihnen.</p>

<h2>10. Änderungen</h2>
<p>Wesentliche Änderungen dieser Erklärung kündigen wir in der App an, bevor sie wirksam werden.</p>
`;

export const TERMS_HTML_DE = `<h1>Allgemeine Geschäftsbedingungen</h1>
<p>Zuletzt aktualisiert: 1. Januar 2026</p>
<p>Diese Bedingungen regeln deine Nutzung der Pawtal-App, der Pawtal-Website und des Pawtal-Praxisportals (zusammen der „Dienst“). Indem du den Dienst nutzt, akzeptierst du sie. Bitte lies auch unsere <a href="/PrivacyPolicy">Datenschutzerklärung</a>.</p>

<h2>1. Der Dienst</h2>
<p>Mit Pawtal können Tierbesitzer Cloud-Profile und Gesundheitseinträge für ihre Tiere führen, Vermisstenmeldungen veröffentlichen, Tiere zur Adoption ansehen und Tierärzte, Tiersitter, Gassigeher, Tierfriseure und Tiertrainer in ihrer Nähe finden. Einige Funktionen, etwa die Pawtal-Tiermarke, setzen einen Premium-Kauf voraus.</p>

<h2>2. Konten</h2>
<ul>
  <li>Du musst zutreffende Angaben machen und dein Passwort geheim halten.</li>
  <li>Du bist verantwortlich für alles, was über dein Konto geschieht, und für die Inhalte, die du über deine Tiere veröffentlichst.</li>
  <li>Du kannst dein Konto jederzeit in der App unter <strong>Konto &gt; Konto löschen</strong> löschen.</li>
</ul>

<h2>3. Zulässige Nutzung</h2>
<p>Nutze den Dienst nicht, um falsche Vermisstenmeldungen oder Adoptionsanzeigen zu veröffentlichen, andere Menschen zu belästigen, Daten anderer Nutzer zu sammeln, Inhalte hochzuladen, die du nicht teilen darfst, oder den Dienst oder seine Sicherheit zu beeinträchtigen.</p>

<h2>4. Einträge im Verzeichnis</h2>
<p>Die in Pawtal aufgeführten Tierärzte, Tiersitter, Gassigeher, Tierfriseure, Tiertrainer und Tierheime sind unabhängig. Wir beschäftigen sie nicht, prüfen ihre Qualifikationen nicht und übernehmen keine Gewähr für ihre Leistungen. Vereinbarungen, die du mit ihnen triffst, bestehen allein zwischen dir und ihnen.</p>

<h2>5. Praxen</h2>
<ul>
  <li>Praxen, die das Praxisportal nutzen, müssen ihre Zugangsdaten vertraulich behandeln und nur ihren Mitarbeitenden Zugang gewähren.</li>
  <li>Praxen sind für die Patienten- und Besitzerdaten verantwortlich, die sie eingeben, und benötigen eine Rechtsgrundlage für deren Verarbeitung.</li>
  <li>Medizinische Entscheidungen bleiben in der Verantwortung des behandelnden Tierarztes.</li>
</ul>

<h2>6. Inhalte und Lizenz</h2>
<p>Du behältst die Rechte an den Fotos und Texten, die du hinzufügst. Du räumst Pawtal eine Lizenz ein, sie zu speichern und anzuzeigen, soweit dies für den Betrieb des Dienstes nötig ist, auch auf den öffentlichen Seiten deiner Tiere.</p>

<h2>7. Haftung</h2>
<p>Der Dienst wird „wie besehen“ bereitgestellt. Pawtal ersetzt keine tierärztliche Beratung. Soweit gesetzlich zulässig, haftet Pawtal nicht für mittelbare Schäden oder für Handlungen der aufgeführten Anbieter, Tierheime oder anderer Nutzer. Nichts in diesen Bedingungen beschränkt eine Haftung, die gesetzlich nicht beschränkt werden kann.</p>

<h2>8. Änderungen und Beendigung</h2>
<p>Wir können diese Bedingungen ändern und kündigen wesentliche Änderungen in der App an. Wir können Konten sperren, die gegen diese Bedingungen verstoßen. Du kannst die Nutzung des Dienstes jederzeit beenden.</p>

<h2>9. Kontakt</h2>
<p>Fragen zu diesen Bedingungen: <a href="mailto:support@pawtal.example">support@pawtal.example</a>.</p>
`;
