/** The privacy policy and the terms in Spanish (the English originals are in legal.ts). */

const CONTACT = '<a href="mailto:privacy@pawtal.example">privacy@pawtal.example</a>';

export const PRIVACY_POLICY_HTML_ES = `<h1>Política de privacidad</h1>
<p>Última actualización: 1 de enero de 2026</p>
<p>Pawtal ayuda a los dueños de mascotas a mantener un perfil en la nube y un historial médico de sus mascotas, encontrar mascotas perdidas, adoptar mascotas y contactar con veterinarios, cuidadores, paseadores, peluqueros y adiestradores locales. Esta política explica qué datos personales tratamos cuando usas la aplicación móvil de Pawtal, el sitio web de Pawtal y el portal para clínicas de Pawtal, por qué los tratamos y qué opciones tienes.</p>

<h2>1. Quiénes somos</h2>
<p>Pawtal es el responsable de los datos personales descritos en esta política, salvo los datos que las clínicas veterinarias guardan sobre sus pacientes en el portal para clínicas (véase la sección 5). Puedes escribir a nuestro equipo de privacidad en ${CONTACT}.</p>

<h2>2. Qué datos recogemos</h2>
<ul>
  <li><strong>Datos de la cuenta</strong>: tu nombre de usuario, dirección de correo electrónico, número de teléfono y una contraseña, que guardamos solo como un hash unidireccional con sal.</li>
  <li><strong>Perfiles de mascotas</strong>: nombre, tipo, raza, fecha de nacimiento, sexo, color, fotos, número de microchip, grupo sanguíneo, habilidades y descripción de tus mascotas.</li>
  <li><strong>Registros de bienestar</strong>: pesos, paseos, vacunas, tratamientos, consultas, imágenes y recordatorios que añadís tú o tu veterinario.</li>
  <li><strong>Avisos de mascotas perdidas</strong>: la fecha y el lugar en que tu mascota desapareció, el teléfono de contacto, la recompensa y las notas que publiques.</li>
  <li><strong>Avistamientos con ubicación</strong>: cuando un visitante abre la página de una mascota perdida y permite el acceso a la ubicación, se guarda la posición aproximada de su dispositivo para el dueño de la mascota (véase la sección 4).</li>
  <li><strong>Datos técnicos</strong>: lo mínimo necesario para que el servicio funcione de forma segura, como las horas de las solicitudes y los informes de errores. No escribimos las posiciones de los visitantes en nuestros registros.</li>
</ul>

<h2>3. Para qué usamos tus datos</h2>
<ul>
  <li>Para ofrecerte tu cuenta, los perfiles en la nube de tus mascotas y sus páginas públicas.</li>
  <li>Para enviarte los recordatorios que pidas, como vacunas y tratamientos antiparasitarios.</li>
  <li>Para ayudar a reunir a las mascotas perdidas con sus dueños.</li>
  <li>Para mantener la seguridad del servicio, por ejemplo limitando los intentos repetidos de inicio de sesión.</li>
</ul>
<p>No vendemos tus datos personales ni los usamos para crear perfiles publicitarios.</p>

<h2>4. Páginas públicas y mascotas perdidas</h2>
<p>Cada mascota tiene un ID público. Cualquiera que lo conozca puede ver el perfil público de la mascota. Los registros de bienestar solo se muestran cuando los dejas públicos; puedes hacerlos privados en la aplicación en cualquier momento. Cuando marcas a tu mascota como perdida, los datos del aviso y tu teléfono de contacto son visibles para todos, para que quien la encuentre pueda avisarte.</p>
<p>Los avistamientos con ubicación que envían los visitantes solo los ven el dueño y los copropietarios de la mascota, nunca se publican y se borran automáticamente a los 30 días.</p>

<h2>5. Clínicas veterinarias</h2>
<p>Las clínicas que usan el portal para clínicas de Pawtal registran a sus pacientes, visitas y tratamientos, y guardan el nombre, el teléfono y el correo electrónico del dueño para poder contactarte. La clínica es responsable de esos datos y de atender tus solicitudes sobre ellos; Pawtal los trata por cuenta de la clínica. Cada clínica solo ve a sus propios pacientes y registros.</p>

<h2>6. Comunicación de datos</h2>
<p>Solo compartimos datos con los proveedores que alojan y operan Pawtal mediante contratos que los protegen, con la clínica que visitas, con las personas a las que invitas a ser copropietarias de una mascota y cuando la ley lo exige.</p>

<h2>7. Cuánto tiempo conservamos los datos</h2>
<ul>
  <li>Datos de la cuenta y perfiles de mascotas: hasta que los borres o borres tu cuenta.</li>
  <li>Avistamientos con ubicación: 30 días.</li>
  <li>Enlaces de un solo uso para restablecer una contraseña, verificar una dirección de correo o aceptar una invitación: hasta que se usan o caducan.</li>
</ul>

<h2>8. Tus derechos y el borrado de tus datos</h2>
<p>Puedes acceder a tus datos, corregirlos y exportarlos en la aplicación. Puedes borrar tu cuenta y todos sus datos en la aplicación, en <strong>Cuenta &gt; Eliminar cuenta</strong>, o escribiendo a ${CONTACT} desde la dirección de correo de tu cuenta. Según dónde vivas, también puedes oponerte al tratamiento, limitarlo o presentar una reclamación ante tu autoridad de protección de datos.</p>

<h2>9. Menores</h2>
<p>Pawtal no está dirigido a menores de 16 años y no recogemos sus datos personales a sabiendas.</p>

<h2>10. Cambios</h2>
<p>Anunciaremos en la aplicación los cambios importantes de esta política antes de que entren en vigor.</p>
`;

export const TERMS_HTML_ES = `<h1>Términos y condiciones</h1>
<p>Última actualización: 1 de enero de 2026</p>
<p>Estos términos regulan el uso de la aplicación móvil de Pawtal, el sitio web de Pawtal y el portal para clínicas de Pawtal (en conjunto, el "servicio"). Al usar el servicio los aceptas. Lee también nuestra <a href="/PrivacyPolicy">Política de privacidad</a>.</p>

<h2>1. El servicio</h2>
<p>Pawtal permite a los dueños de mascotas mantener perfiles en la nube y registros de bienestar de sus mascotas, publicar avisos de mascotas perdidas, ver mascotas en adopción y encontrar veterinarios, cuidadores, paseadores, peluqueros y adiestradores locales. Algunas funciones, como la placa Pawtal, requieren una compra premium.</p>

<h2>2. Cuentas</h2>
<ul>
  <li>Debes dar información veraz y mantener tu contraseña en secreto.</li>
  <li>Eres responsable de lo que ocurra con tu cuenta y del contenido que publiques sobre tus mascotas.</li>
  <li>Puedes borrar tu cuenta en cualquier momento en la aplicación, en <strong>Cuenta &gt; Eliminar cuenta</strong>.</li>
</ul>

<h2>3. Uso aceptable</h2>
<p>No uses el servicio para publicar avisos falsos de mascotas perdidas o en adopción, acosar a otras personas, recopilar datos de otros usuarios, subir contenido que no tengas derecho a compartir ni interferir con el servicio o su seguridad.</p>

<h2>4. Fichas del directorio</h2>
<p>Los veterinarios, cuidadores, paseadores, peluqueros, adiestradores y refugios que aparecen en Pawtal son independientes. No los empleamos, no comprobamos sus titulaciones ni garantizamos sus servicios. Cualquier acuerdo que hagas con ellos es entre tú y ellos.</p>

<h2>5. Clínicas</h2>
<ul>
  <li>Las clínicas que usan el portal deben mantener sus datos de acceso en secreto y dar acceso solo a su personal.</li>
  <li>Las clínicas son responsables de los datos de pacientes y dueños que introducen y deben tener una base legal para tratarlos.</li>
  <li>Las decisiones médicas siguen siendo responsabilidad del veterinario que atiende al animal.</li>
</ul>

<h2>6. Contenido y licencia</h2>
<p>Conservas los derechos sobre las fotos y los textos que añades. Concedes a Pawtal una licencia para alojarlos y mostrarlos en la medida necesaria para prestar el servicio, incluidas las páginas públicas de tus mascotas.</p>

<h2>7. Responsabilidad</h2>
<p>El servicio se ofrece "tal cual". Pawtal no sustituye el consejo veterinario profesional. En la medida en que la ley lo permita, Pawtal no responde de pérdidas indirectas ni de los actos de los proveedores, refugios u otros usuarios que aparecen en el servicio. Nada de estos términos limita la responsabilidad que la ley no permite limitar.</p>

<h2>8. Cambios y terminación</h2>
<p>Podemos cambiar estos términos y anunciaremos los cambios importantes en la aplicación. Podemos suspender las cuentas que incumplan estos términos. Puedes dejar de usar el servicio en cualquier momento.</p>

<h2>9. Contacto</h2>
<p>Preguntas sobre estos términos: <a href="mailto:support@pawtal.example">support@pawtal.example</a>.</p>
`;
