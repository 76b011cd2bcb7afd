/** The privacy policy and the terms in French (the English originals are in legal.ts). */

const CONTACT = '<a href="mailto:privacy@pawtal.example">privacy@pawtal.example</a>';

export const PRIVACY_POLICY_HTML_FR = `<h1>Politique de confidentialité</h1>
<p>Dernière mise à jour&nbsp;: 1er janvier 2026</p>
<p>Pawtal aide les propriétaires d'animaux à tenir un profil en ligne et un dossier médical pour leurs animaux, à retrouver des animaux perdus, à adopter des animaux et à contacter des vétérinaires, gardes d'animaux, promeneurs, toiletteurs et éducateurs près de chez eux. Cette politique explique quelles données personnelles nous traitons lorsque vous utilisez l'application mobile Pawtal, le site web Pawtal et l'espace cliniques Pawtal, pourquoi nous les traitons et quels choix s'offrent à vous.</p>

<h2>1. Qui nous sommes</h2>
<p>Pawtal est le responsable du traitement des données personnelles décrites dans cette politique, à l'exception des données que les cliniques vétérinaires conservent sur leurs patients dans l'espace cliniques (voir la section 5). Vous pouvez écrire à notre équipe chargée de la protection des données à l'adresse ${CONTACT}.</p>

<h2>2. Les données que nous collectons</h2>
<ul>
  <li><strong>Données du compte</strong>&nbsp;: votre nom d'utilisateur, votre adresse e-mail, votre numéro de téléphone et un mot de passe, que nous conservons uniquement sous forme d'empreinte irréversible salée.</li>
  <li><strong>Profils des animaux</strong>&nbsp;: le nom, le type, la race, la date de naissance, le sexe, la couleur, les photos, le numéro de puce, le groupe sanguin, les talents et la description de vos animaux.</li>
  <li><strong>Suivi de bien-être</strong>&nbsp;: les poids, promenades, vaccinations, traitements, consultations, photos et rappels que vous ou votre vétérinaire ajoutez.</li>
  <li><strong>Déclarations de perte</strong>&nbsp;: la date et le lieu de disparition de votre animal, le téléphone de contact, la récompense et les remarques que vous publiez.</li>
  <li><strong>Signalements avec position</strong>&nbsp;: lorsqu'un visiteur ouvre la page d'un animal perdu et autorise l'accès à sa position, la position approximative de son appareil est enregistrée pour le propriétaire de l'animal (voir la section 4).</li>
  <li><strong>Données techniques</strong>&nbsp;: le minimum nécessaire pour faire fonctionner le service en toute sécurité, comme l'heure des requêtes et les rapports d'erreur. Nous n'inscrivons pas la position des visiteurs dans nos journaux.</li>
</ul>

<h2>3. Comment nous utilisons vos données</h2>
<ul>
  <li>Pour fournir votre compte, les profils en ligne de vos animaux et leurs pages publiques.</li>
  <li>Pour vous envoyer les rappels que vous demandez, par exemple pour les vaccinations et les traitements antiparasitaires.</li>
  <li>Pour aider à réunir les animaux perdus et leurs propriétaires.</li>
  <li>Pour assurer la sécurité du service, par exemple en limitant les tentatives de connexion répétées.</li>
</ul>
<p>Nous ne vendons pas vos données personnelles et nous ne les utilisons pas pour établir des profils publicitaires.</p>

<h2>4. Pages publiques et animaux perdus</h2>
<p>Chaque animal a un identifiant public. Toute personne qui le connaît peut voir le profil public de l'animal. Le suivi de bien-être n'est affiché que si vous le laissez public&#8239;; vous pouvez le rendre privé à tout moment dans l'application. Lorsque votre animal est signalé comme perdu, les informations de la déclaration de perte et votre téléphone de contact sont visibles par tous, afin que la personne qui le trouve puisse vous joindre.</p>
<p>Les signalements avec position envoyés par les visiteurs ne sont montrés qu'au propriétaire et aux copropriétaires de l'animal, ne sont jamais publiés et sont supprimés automatiquement au bout de 30&nbsp;jours.</p>

<h2>5. Cliniques vétérinaires</h2>
<p>Les cliniques qui utilisent l'espace cliniques Pawtal y enregistrent leurs patients, leurs visites et leurs traitements, et conservent le nom, le téléphone et l'adresse e-mail du propriétaire afin de pouvoir vous contacter. La clinique est responsable de ces données et du traitement de vos demandes les concernant&#8239;; Pawtal les traite pour le compte de la clinique. Chaque clinique ne voit que ses propres patients et ses propres enregistrements.</p>

<h2>6. Partage des données</h2>
<p>Nous ne partageons des données qu'avec les prestataires qui hébergent et exploitent Pawtal dans le cadre de contrats qui les protègent, avec une clinique que vous consultez, avec les personnes que vous invitez à devenir copropriétaires d'un animal, et lorsque la loi l'exige.</p>

<h2>7. Durée de conservation</h2>
<ul>
  <li>Données du compte et profils des animaux&nbsp;: jusqu'à ce que vous les supprimiez ou que vous supprimiez votre compte.</li>
  <li>Signalements avec position&nbsp;: 30&nbsp;jours.</li>
  <li>Liens à usage unique permettant de réinitialiser un mot de passe, de vérifier une adresse e-mail ou d'accepter une invitation&nbsp;: jusqu'à leur utilisation ou leur expiration.</li>
</ul>

<h2>8. Vos droits et la suppression de vos données</h2>
<p>Vous pouvez accéder à vos données, les rectifier et les exporter dans l'application. Vous pouvez supprimer votre compte et toutes ses données dans l'application, sous <strong>Compte &gt; Supprimer le compte</strong>, ou en écrivant à ${CONTACT} depuis l'adresse e-mail de votre compte. Selon l'endroit où vous vivez, vous pouvez également vous opposer au traitement, en demander la limitation ou introduire une réclamation auprès de votre autorité de protection des données.</p>

<h2>9. Enfants</h2>
<p>Pawtal ne s'adresse pas aux enfants de moins de 16 ans, et nous ne collectons pas sciemment leurs données personnelles.</p>

<h2>10. Modifications</h2>
<p>Nous annoncerons dans l'application toute modification importante de cette politique avant son entrée en vigueur.</p>
`;

export const TERMS_HTML_FR = `<h1>Conditions générales</h1>
<p>Dernière mise à jour&nbsp;: 1er janvier 2026</p>
<p>Les présentes conditions régissent votre utilisation de l'application mobile Pawtal, du site web Pawtal et de l'espace cliniques Pawtal (ensemble, le «&nbsp;service&nbsp;»). En utilisant le service, vous les acceptez. Veuillez également lire notre <a href="/PrivacyPolicy">Politique de confidentialité</a>.</p>

<h2>1. Le service</h2>
<p>Pawtal permet aux propriétaires d'animaux de tenir des profils en ligne et un suivi de bien-être pour leurs animaux, de publier des déclarations de perte, de consulter les animaux à adopter et de trouver des vétérinaires, gardes d'animaux, promeneurs, toiletteurs et éducateurs près de chez eux. Certaines fonctions, comme la médaille Pawtal, nécessitent un achat premium.</p>

<h2>2. Comptes</h2>
<ul>
  <li>Vous devez fournir des informations exactes et garder votre mot de passe secret.</li>
  <li>Vous êtes responsable de ce qui se passe sur votre compte et des contenus que vous publiez sur vos animaux.</li>
  <li>Vous pouvez supprimer votre compte à tout moment dans l'application, sous <strong>Compte &gt; Supprimer le compte</strong>.</li>
</ul>

<h2>3. Utilisation acceptable</h2>
<p>N'utilisez pas le service pour publier de fausses déclarations de perte ou de fausses annonces d'adoption, pour harceler d'autres personnes, pour collecter les données d'autres utilisateurs, pour mettre en ligne des contenus que vous n'avez pas le droit de partager, ni pour perturber le service ou sa sécurité.</p>

<h2>4. Fiches de l'annuaire</h2>
<p>Les vétérinaires, gardes d'animaux, promeneurs, toiletteurs, éducateurs et refuges présents sur Pawtal sont indépendants. Nous ne les employons pas, nous ne vérifions pas leurs qualifications et nous ne garantissons pas leurs services. Tout accord que vous concluez avec eux ne concerne que vous et eux.</p>

<h2>5. Cliniques</h2>
<ul>
  <li>Les cliniques qui utilisent l'espace cliniques doivent garder leurs identifiants confidentiels et n'en donner l'accès qu'à leur personnel.</li>
  <li>Les cliniques sont responsables des données des patients et des propriétaires qu'elles saisissent et doivent disposer d'une base légale pour les traiter.</li>
  <li>Les décisions médicales restent de la responsabilité du vétérinaire traitant.</li>
</ul>

<h2>6. Contenus et licence</h2>
<p>Vous conservez les droits sur les photos et les textes que vous ajoutez. Vous accordez à Pawtal une licence pour les héberger et les afficher dans la mesure nécessaire au fonctionnement du service, y compris sur les pages publiques de vos animaux.</p>

<h2>7. Responsabilité</h2>
<p>Le service est fourni «&nbsp;en l'état&nbsp;». Pawtal ne remplace pas l'avis d'un vétérinaire. Dans les limites permises par la loi, Pawtal n'est pas responsable des pertes indirectes, ni des actes des prestataires, refuges ou autres utilisateurs présents sur le service. Rien dans les présentes conditions ne limite une responsabilité que la loi ne permet pas de limiter.</p>

<h2>8. Modifications et résiliation</h2>
<p>Nous pouvons modifier les présentes conditions et annoncerons toute modification importante dans l'application. Nous pouvons suspendre les comptes qui ne respectent pas ces conditions. Vous pouvez cesser d'utiliser le service à tout moment.</p>

<h2>9. Nous contacter</h2>
<p>Questions sur ces conditions&nbsp;: <a href="mailto:support@pawtal.example">support@pawtal.example</a>.</p>
`;
