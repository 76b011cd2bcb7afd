/** The privacy policy and the terms in Italian (the English originals are in legal.ts). */

const CONTACT = '<a href="mailto:privacy@pawtal.example">privacy@pawtal.example</a>';

export const PRIVACY_POLICY_HTML_IT = `<h1>Informativa sulla privacy</h1>
<p>Ultimo aggiornamento: 1° gennaio 2026</p>
<p>Pawtal aiuta i proprietari di animali a tenere un profilo nel cloud e una cartella clinica per i propri animali, a ritrovare animali smarriti, ad adottare animali e a contattare veterinari, pet sitter, dog walker, toelettatori ed educatori della propria zona. Questa informativa spiega quali dati personali trattiamo quando usi l'app Pawtal, il sito web Pawtal e il portale per cliniche Pawtal, perché li trattiamo e quali scelte hai a disposizione.</p>

<h2>1. Chi siamo</h2>
<p>Pawtal è il titolare del trattamento dei dati personali descritti in questa informativa, ad eccezione dei dati che le cliniche veterinarie conservano sui propri pazienti nel portale per cliniche (vedi la sezione 5). Puoi scrivere al nostro team privacy all'indirizzo ${CONTACT}.</p>

<h2>2. Quali dati raccogliamo</h2>
<ul>
  <li><strong>Dati dell'account</strong>: il tuo nome utente, indirizzo e-mail, numero di telefono e una password, che conserviamo solo come hash unidirezionale con salt.</li>
  <li><strong>Profili degli animali</strong>: nome, tipo, razza, data di nascita, sesso, colore, foto, numero di microchip, gruppo sanguigno, abilità e descrizione dei tuoi animali.</li>
  <li><strong>Registrazioni sul benessere</strong>: pesi, passeggiate, vaccinazioni, trattamenti, consulti, immagini e promemoria aggiunti da te o dal tuo veterinario.</li>
  <li><strong>Segnalazioni di smarrimento</strong>: la data e il luogo in cui il tuo animale si è smarrito, il telefono di contatto, la ricompensa e le eventuali note che pubblichi.</li>
  <li><strong>Avvistamenti con posizione</strong>: quando un visitatore apre la pagina di un animale smarrito e consente l'accesso alla posizione, la posizione approssimativa del suo dispositivo viene salvata per il proprietario dell'animale (vedi la sezione 4).</li>
  <li><strong>Dati tecnici</strong>: il minimo necessario per far funzionare il servizio in modo sicuro, come gli orari delle richieste e i rapporti di errore. Non scriviamo le posizioni dei visitatori nei nostri log.</li>
</ul>

<h2>3. Come usiamo i tuoi dati</h2>
<ul>
  <li>Per fornirti il tuo account, i profili nel cloud dei tuoi animali e le loro pagine pubbliche.</li>
  <li>Per inviarti i promemoria che richiedi, ad esempio per vaccinazioni e trattamenti antiparassitari.</li>
  <li>Per aiutare gli animali smarriti a tornare dai loro proprietari.</li>
  <li>Per mantenere sicuro il servizio, ad esempio limitando i tentativi di accesso ripetuti.</li>
</ul>
<p>Non vendiamo i tuoi dati personali e non li usiamo per creare profili pubblicitari.</p>

<h2>4. Pagine pubbliche e animali smarriti</h2>
<p>Ogni animale ha un ID pubblico. Chiunque lo conosca può vedere il profilo pubblico dell'animale. Le registrazioni sul benessere sono visibili solo se le lasci pubbliche; puoi renderle private nell'app in qualsiasi momento. Quando il tuo animale è segnalato come smarrito, i dati della segnalazione e il tuo telefono di contatto sono visibili a tutti, così chi lo trova può contattarti.</p>
<p>Gli avvistamenti con posizione inviati dai visitatori sono mostrati solo al proprietario e ai comproprietari dell'animale, non vengono mai pubblicati e vengono cancellati automaticamente dopo 30 giorni.</p>

<h2>5. Cliniche veterinarie</h2>
<p>Le cliniche che usano il portale per cliniche Pawtal vi registrano i propri pazienti, visite e trattamenti e conservano il nome, il telefono e l'indirizzo e-mail del proprietario per poterti contattare. La clinica è responsabile di questi dati e di rispondere alle tue richieste che li riguardano; Pawtal li tratta per conto della clinica. Ogni clinica vede solo i propri pazienti e le proprie registrazioni.</p>

<h2>6. Condivisione</h2>
<p>Condividiamo i dati solo con i fornitori che ospitano e gestiscono Pawtal in base a contratti che li tutelano, con una clinica in cui porti il tuo animale, con le persone che inviti a condividere la proprietà di un animale e quando la legge lo richiede.</p>

<h2>7. Per quanto tempo conserviamo i dati</h2>
<ul>
  <li>Dati dell'account e profili degli animali: finché non li elimini o non elimini il tuo account.</li>
  <li>Avvistamenti con posizione: 30 giorni.</li>
  <li>Link monouso per reimpostare una password, verificare un indirizzo e-mail o accettare un invito: finché non vengono usati o non scadono.</li>
</ul>

<h2>8. I tuoi diritti e la cancellazione dei tuoi dati</h2>
<p>Puoi accedere ai tuoi dati, correggerli ed esportarli nell'app. Puoi eliminare il tuo account e tutti i relativi dati nell'app, in <strong>Account &gt; Elimina account</strong>, oppure scrivendo a ${CONTACT} dall'indirizzo e-mail del tuo account. A seconda di dove vivi, puoi anche opporti al trattamento, chiederne la limitazione o presentare un reclamo all'autorità di protezione dei dati.</p>

<h2>9. Minori</h2>
<p>Pawtal non è rivolto ai minori di 16 anni e non raccogliamo consapevolmente i loro dati personali.</p>

<h2>10. Modifiche</h2>
<p>Annunceremo nell'app le modifiche rilevanti a questa informativa prima che entrino in vigore.</p>
`;

export const TERMS_HTML_IT = `<h1>Termini e condizioni</h1>
<p>Ultimo aggiornamento: 1° gennaio 2026</p>
<p>Questi termini regolano l'uso dell'app Pawtal, del sito web Pawtal e del portale per cliniche Pawtal (insieme, il «servizio»). Usando il servizio li accetti. Leggi anche la nostra <a href="/PrivacyPolicy">Informativa sulla privacy</a>.</p>

<h2>1. Il servizio</h2>
<p>Pawtal consente ai proprietari di animali di tenere profili nel cloud e registrazioni sul benessere dei propri animali, pubblicare segnalazioni di smarrimento, vedere gli animali in adozione e trovare veterinari, pet sitter, dog walker, toelettatori ed educatori della propria zona. Alcune funzioni, come la medaglietta Pawtal, richiedono un acquisto premium.</p>

<h2>2. Account</h2>
<ul>
  <li>Devi fornire informazioni corrette e mantenere segreta la tua password.</li>
  <li>Sei responsabile di ciò che avviene con il tuo account e dei contenuti che pubblichi sui tuoi animali.</li>
  <li>Puoi eliminare il tuo account in qualsiasi momento nell'app, in <strong>Account &gt; Elimina account</strong>.</li>
</ul>

<h2>3. Uso consentito</h2>
<p>Non usare il servizio per pubblicare false segnalazioni di smarrimento o falsi annunci di adozione, molestare altre persone, raccogliere dati di altri utenti, caricare contenuti che non hai il diritto di condividere o interferire con il servizio o con la sua sicurezza.</p>

<h2>4. Schede dell'elenco</h2>
<p>I veterinari, pet sitter, dog walker, toelettatori, educatori e rifugi presenti su Pawtal sono indipendenti. Non sono nostri dipendenti, non verifichiamo le loro qualifiche e non garantiamo i loro servizi. Qualsiasi accordo che prendi con loro riguarda soltanto te e loro.</p>

<h2>5. Cliniche</h2>
<ul>
  <li>Le cliniche che usano il portale per cliniche devono mantenere riservate le proprie credenziali di accesso e concedere l'accesso solo al proprio personale.</li>
  <li>Le cliniche sono responsabili dei dati di pazienti e proprietari che inseriscono e devono disporre di una base giuridica per trattarli.</li>
  <li>Le decisioni mediche restano di competenza del veterinario curante.</li>
</ul>

<h2>6. Contenuti e licenza</h2>
<p>Mantieni i diritti sulle foto e sui testi che aggiungi. Concedi a Pawtal una licenza per ospitarli e mostrarli nella misura necessaria a far funzionare il servizio, anche sulle pagine pubbliche dei tuoi animali.</p>

<h2>7. Responsabilità</h2>
<p>Il servizio è fornito «così com'è». Pawtal non sostituisce il parere di un veterinario. Nei limiti consentiti dalla legge, Pawtal non risponde di danni indiretti né degli atti dei fornitori, dei rifugi o degli altri utenti presenti sul servizio. Nulla in questi termini limita una responsabilità che la legge non consente di limitare.</p>

<h2>8. Modifiche e cessazione</h2>
<p>Possiamo modificare questi termini e annunceremo nell'app le modifiche rilevanti. Possiamo sospendere gli account che violano questi termini. Puoi smettere di usare il servizio in qualsiasi momento.</p>

<h2>9. Contatti</h2>
<p>Domande su questi termini: <a href="mailto:support@pawtal.example">support@pawtal.example</a>.</p>
`;
