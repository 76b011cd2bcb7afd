/** The privacy policy and the terms in Portuguese (Brazil) (the English originals are in legal.ts). */

const CONTACT = '<a href="mailto:privacy@pawtal.example">privacy@pawtal.example</a>';

export const PRIVACY_POLICY_HTML_PT = `<h1>Política de Privacidade</h1>
<p>Última atualização: 1º de janeiro de 2026</p>
<p>O Pawtal ajuda tutores a manter um perfil na nuvem e um prontuário dos seus animais, encontrar animais perdidos, adotar animais e falar com veterinários, cuidadores, passeadores, profissionais de banho e tosa e adestradores da sua região. Esta política explica quais dados pessoais tratamos quando você usa o aplicativo Pawtal, o site do Pawtal e o portal para clínicas do Pawtal, por que os tratamos e quais escolhas você tem.</p>

<h2>1. Quem somos</h2>
<p>O Pawtal é o controlador dos dados pessoais descritos nesta política, exceto dos dados que as clínicas veterinárias mantêm sobre seus pacientes no portal para clínicas (veja a seção 5). Você pode escrever para a nossa equipe de privacidade em ${CONTACT}.</p>

<h2>2. Quais dados coletamos</h2>
<ul>
  <li><strong>Dados da conta</strong>: seu nome de usuário, endereço de e-mail, número de telefone e uma senha, que guardamos apenas como um hash irreversível com salt.</li>
  <li><strong>Perfis dos animais</strong>: nome, tipo, raça, data de nascimento, sexo, cor, fotos, número do microchip, tipo sanguíneo, habilidades e descrição dos seus animais.</li>
  <li><strong>Registros de bem-estar</strong>: pesos, passeios, vacinas, tratamentos, consultas, imagens e lembretes que você ou seu veterinário adicionam.</li>
  <li><strong>Alertas de animal perdido</strong>: a data e o local em que seu animal desapareceu, o telefone de contato, a recompensa e as observações que você publicar.</li>
  <li><strong>Avistamentos com localização</strong>: quando um visitante abre a página de um animal perdido e permite o acesso à localização, a posição aproximada do dispositivo dele é armazenada para o tutor do animal (veja a seção 4).</li>
  <li><strong>Dados técnicos</strong>: o mínimo necessário para operar o serviço com segurança, como horários das solicitações e relatórios de erros. Não registramos as posições dos visitantes nos nossos logs.</li>
</ul>

<h2>3. Como usamos seus dados</h2>
<ul>
  <li>Para oferecer sua conta, os perfis na nuvem dos seus animais e as páginas públicas deles.</li>
  <li>Para enviar os lembretes que você pedir, como os de vacinação e de tratamentos antiparasitários.</li>
  <li>Para ajudar a reunir animais perdidos com seus tutores.</li>
  <li>Para manter o serviço seguro, por exemplo limitando tentativas repetidas de login.</li>
</ul>
<p>Não vendemos seus dados pessoais nem os usamos para criar perfis de publicidade.</p>

<h2>4. Páginas públicas e animais perdidos</h2>
<p>Cada animal tem um ID público. Qualquer pessoa que o conheça pode ver o perfil público do animal. Os registros de bem-estar só aparecem quando você os deixa públicos; você pode torná-los privados no aplicativo a qualquer momento. Quando seu animal é marcado como perdido, os dados do alerta e seu telefone de contato ficam visíveis para todos, para que quem o encontrar possa falar com você.</p>
<p>Os avistamentos com localização enviados por visitantes são mostrados apenas ao tutor e aos cotutores do animal, nunca são publicados e são apagados automaticamente após 30 dias.</p>

<h2>5. Clínicas veterinárias</h2>
<p>As clínicas que usam o portal para clínicas do Pawtal registram seus pacientes, atendimentos e tratamentos e guardam o nome, o telefone e o e-mail do tutor para poder entrar em contato com você. A clínica é responsável por esses dados e por responder às suas solicitações sobre eles; o Pawtal os trata em nome da clínica. Cada clínica vê apenas os próprios pacientes e registros.</p>

<h2>6. Compartilhamento</h2>
<p>Compartilhamos dados apenas com os prestadores de serviço que hospedam e operam o Pawtal, sob contratos que protegem esses dados, com a clínica em que você é atendido, com as pessoas que você convida para serem cotutoras de um animal e quando a lei exigir.</p>

<h2>7. Por quanto tempo guardamos os dados</h2>
<ul>
  <li>Dados da conta e perfis dos animais: até você excluí-los ou excluir sua conta.</li>
  <li>Avistamentos com localização: 30 dias.</li>
  <li>Links de uso único para redefinir uma senha, confirmar um endereço de e-mail ou aceitar um convite: até serem usados ou expirarem.</li>
</ul>

<h2>8. Seus direitos e a exclusão dos seus dados</h2>
<p>Você pode acessar, corrigir e exportar seus dados no aplicativo. Você pode excluir sua conta e todos os dados dela no aplicativo, em <strong>Conta &gt; Excluir conta</strong>, ou escrevendo para ${CONTACT} a partir do endereço de e-mail da sua conta. Dependendo de onde você mora, também pode se opor ao tratamento, pedir que ele seja limitado ou apresentar uma reclamação à autoridade de proteção de dados.</p>

<h2>9. Crianças</h2>
<p>O Pawtal não é destinado a menores de 16 anos, e não coletamos intencionalmente os dados pessoais deles.</p>

<h2>10. Alterações</h2>
<p>Vamos avisar no aplicativo sobre alterações relevantes desta política antes que entrem em vigor.</p>
`;

export const TERMS_HTML_PT = `<h1>Termos e Condições</h1>
<p>Última atualização: 1º de janeiro de 2026</p>
<p>Estes termos regem o seu uso do aplicativo Pawtal, do site do Pawtal e do portal para clínicas do Pawtal (em conjunto, o "serviço"). Ao usar o serviço, você os aceita. Leia também a nossa <a href="/PrivacyPolicy">Política de Privacidade</a>.</p>

<h2>1. O serviço</h2>
<p>O Pawtal permite que tutores mantenham perfis na nuvem e registros de bem-estar dos seus animais, publiquem alertas de animal perdido, vejam animais para adoção e encontrem veterinários, cuidadores, passeadores, profissionais de banho e tosa e adestradores da sua região. Alguns recursos, como a plaquinha Pawtal, exigem uma compra premium.</p>

<h2>2. Contas</h2>
<ul>
  <li>Você deve fornecer informações verdadeiras e manter sua senha em segredo.</li>
  <li>Você é responsável pelo que acontece na sua conta e pelo conteúdo que publica sobre seus animais.</li>
  <li>Você pode excluir sua conta a qualquer momento no aplicativo, em <strong>Conta &gt; Excluir conta</strong>.</li>
</ul>

<h2>3. Uso aceitável</h2>
<p>Não use o serviço para publicar alertas falsos de animal perdido ou anúncios falsos de adoção, assediar outras pessoas, coletar dados de outros usuários, enviar conteúdo que você não tem o direito de compartilhar ou interferir no serviço ou na segurança dele.</p>

<h2>4. Anúncios do diretório</h2>
<p>Os veterinários, cuidadores, passeadores, profissionais de banho e tosa, adestradores e abrigos listados no Pawtal são independentes. Não somos seus empregadores, não verificamos suas qualificações nem garantimos seus serviços. Qualquer acordo que você fizer com eles é entre você e eles.</p>

<h2>5. Clínicas</h2>
<ul>
  <li>As clínicas que usam o portal para clínicas devem manter seus dados de acesso em sigilo e dar acesso apenas à sua equipe.</li>
  <li>As clínicas são responsáveis pelos dados de pacientes e tutores que cadastram e devem ter uma base legal para tratá-los.</li>
  <li>As decisões médicas continuam sendo responsabilidade do veterinário que atende o animal.</li>
</ul>

<h2>6. Conteúdo e licença</h2>
<p>Você mantém os direitos sobre as fotos e os textos que adiciona. Você concede ao Pawtal uma licença para hospedá-los e exibi-los na medida necessária para operar o serviço, inclusive nas páginas públicas dos seus animais.</p>

<h2>7. Responsabilidade</h2>
<p>O serviço é fornecido "no estado em que se encontra". O Pawtal não substitui a orientação de um veterinário. Na medida permitida pela lei, o Pawtal não se responsabiliza por perdas indiretas nem pelos atos de prestadores, abrigos ou outros usuários listados. Nada nestes termos limita uma responsabilidade que a lei não permite limitar.</p>

<h2>8. Alterações e encerramento</h2>
<p>Podemos alterar estes termos e avisaremos no aplicativo sobre alterações relevantes. Podemos suspender contas que violem estes termos. Você pode parar de usar o serviço a qualquer momento.</p>

<h2>9. Contato</h2>
<p>Dúvidas sobre estes termos: <a href="mailto:support@pawtal.example">support@pawtal.example</a>.</p>
`;
