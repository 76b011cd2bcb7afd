/** The privacy policy and the terms in Turkish (the English originals are in legal.ts). */

const CONTACT = '<a href="mailto:privacy@pawtal.example">privacy@pawtal.example</a>';

export const PRIVACY_POLICY_HTML_TR = `<h1>Gizlilik Politikası</h1>
<p>Son güncelleme: 1 Ocak 2026</p>
<p>Pawtal; hayvan sahiplerinin hayvanları için bulutta bir profil ve sağlık kaydı tutmasına, kayıp hayvanları bulmasına, hayvan sahiplenmesine ve yakınlarındaki veterinerlere, bakıcılara, gezdiricilere, kuaförlere ve eğitmenlere ulaşmasına yardımcı olur. Bu politika; Pawtal mobil uygulamasını, Pawtal web sitesini ve Pawtal klinik portalını kullandığınızda hangi kişisel verileri işlediğimizi, bunları neden işlediğimizi ve hangi seçeneklere sahip olduğunuzu açıklar.</p>

<h2>1. Biz kimiz</h2>
<p>Pawtal, bu politikada açıklanan kişisel verilerin veri sorumlusudur; veteriner kliniklerinin klinik portalında hastaları hakkında tuttuğu veriler bunun dışındadır (bkz. bölüm 5). Gizlilik ekibimize ${CONTACT} adresinden ulaşabilirsiniz.</p>

<h2>2. Hangi verileri topluyoruz</h2>
<ul>
  <li><strong>Hesap verileri</strong>: kullanıcı adınız, e-posta adresiniz, telefon numaranız ve yalnızca tuzlanmış tek yönlü bir özet (hash) olarak sakladığımız şifreniz.</li>
  <li><strong>Hayvan profilleri</strong>: hayvanlarınızın adı, türü, cinsi, doğum tarihi, cinsiyeti, rengi, fotoğrafları, mikroçip numarası, kan grubu, becerileri ve açıklaması.</li>
  <li><strong>Sağlık kayıtları</strong>: sizin veya veterinerinizin eklediği kilolar, yürüyüşler, aşılar, tedaviler, muayeneler, resimler ve hatırlatmalar.</li>
  <li><strong>Kayıp ilanları</strong>: hayvanınızın kaybolduğu tarih ve yer, iletişim telefonu, ödül ve yayımladığınız notlar.</li>
  <li><strong>Konumlu görülme bildirimleri</strong>: bir ziyaretçi kayıp bir hayvanın sayfasını açıp konum erişimine izin verdiğinde, cihazının yaklaşık konumu hayvanın sahibi için kaydedilir (bkz. bölüm 4).</li>
  <li><strong>Teknik veriler</strong>: hizmeti güvenli biçimde çalıştırmak için gereken en az veri; örneğin isteklerin zamanları ve hata raporları. Ziyaretçilerin konumlarını kayıtlarımıza (log) yazmayız.</li>
</ul>

<h2>3. Verilerinizi nasıl kullanıyoruz</h2>
<ul>
  <li>Hesabınızı, hayvanlarınızın bulut profillerini ve herkese açık sayfalarını sunmak için.</li>
  <li>İstediğiniz hatırlatmaları, örneğin aşı ve parazit tedavisi hatırlatmalarını göndermek için.</li>
  <li>Kayıp hayvanları sahiplerine kavuşturmaya yardımcı olmak için.</li>
  <li>Hizmeti güvende tutmak için; örneğin tekrarlanan giriş denemelerini sınırlayarak.</li>
</ul>
<p>Kişisel verilerinizi satmayız ve reklam profilleri oluşturmak için kullanmayız.</p>

<h2>4. Herkese açık sayfalar ve kayıp hayvanlar</h2>
<p>Her hayvanın herkese açık bir kimliği vardır. Bu kimliği bilen herkes hayvanın herkese açık profilini görebilir. Sağlık kayıtları yalnızca siz herkese açık bıraktığınızda gösterilir; bunları uygulamada istediğiniz zaman gizli yapabilirsiniz. Hayvanınız kayıp olarak işaretlendiğinde, bulan kişinin size ulaşabilmesi için kayıp ilanının ayrıntıları ve iletişim telefonunuz herkes tarafından görülebilir.</p>
<p>Ziyaretçilerin gönderdiği konumlu görülme bildirimleri yalnızca hayvanın sahibine ve ortak sahiplerine gösterilir, hiçbir zaman yayımlanmaz ve 30 gün sonra otomatik olarak silinir.</p>

<h2>5. Veteriner klinikleri</h2>
<p>Pawtal klinik portalını kullanan klinikler hastalarını, ziyaretlerini ve tedavilerini kaydeder; sizinle iletişim kurabilmek için hayvan sahibinin adını, telefonunu ve e-posta adresini saklar. Bu verilerden ve bunlarla ilgili taleplerinizi yanıtlamaktan klinik sorumludur; Pawtal bu verileri klinik adına işler. Her klinik yalnızca kendi hastalarını ve kayıtlarını görür.</p>

<h2>6. Paylaşım</h2>
<p>Verileri yalnızca Pawtal'ı barındıran ve işleten hizmet sağlayıcılarla, verileri koruyan sözleşmeler çerçevesinde; ziyaret ettiğiniz klinikle; bir hayvanın ortak sahibi olmaya davet ettiğiniz kişilerle ve yasanın gerektirdiği durumlarda paylaşırız.</p>

<h2>7. Verileri ne kadar süre saklıyoruz</h2>
<ul>
  <li>Hesap verileri ve hayvan profilleri: siz bunları veya hesabınızı silene kadar.</li>
  <li>Konumlu görülme bildirimleri: 30 gün.</li>
  <li>Şifre sıfırlama, e-posta adresi doğrulama veya davet kabul etme için tek kullanımlık bağlantılar: kullanılana ya da süreleri dolana kadar.</li>
</ul>

<h2>8. Haklarınız ve verilerinizin silinmesi</h2>
<p>Verilerinize uygulamada erişebilir, onları düzeltebilir ve dışa aktarabilirsiniz. Hesabınızı ve tüm verilerini uygulamada <strong>Hesap &gt; Hesabı Sil</strong> bölümünden ya da hesabınızın e-posta adresinden ${CONTACT} adresine yazarak silebilirsiniz. Yaşadığınız yere bağlı olarak verilerinizin işlenmesine itiraz edebilir, işlemenin kısıtlanmasını isteyebilir veya veri koruma otoritesine şikâyette bulunabilirsiniz.</p>

<h2>9. Çocuklar</h2>
<p>Pawtal 16 yaşından küçük çocuklara yönelik değildir ve onların kişisel verilerini bilerek toplamayız.</p>

<h2>10. Değişiklikler</h2>
<p>Bu politikadaki önemli değişiklikleri yürürlüğe girmeden önce uygulamada duyururuz.</p>
`;

export const TERMS_HTML_TR = `<h1>Şartlar ve Koşullar</h1>
<p>Son güncelleme: 1 Ocak 2026</p>
<p>Bu şartlar, Pawtal mobil uygulamasını, Pawtal web sitesini ve Pawtal klinik portalını (birlikte "hizmet") kullanımınızı düzenler. Hizmeti kullanarak bu şartları kabul etmiş olursunuz. Lütfen <a href="/PrivacyPolicy">Gizlilik Politikamızı</a> da okuyun.</p>

<h2>1. Hizmet</h2>
<p>Pawtal, hayvan sahiplerinin hayvanları için bulut profilleri ve sağlık kayıtları tutmasını, kayıp ilanları yayımlamasını, sahiplendirilecek hayvanlara göz atmasını ve yakınlarındaki veterinerleri, bakıcıları, gezdiricileri, kuaförleri ve eğitmenleri bulmasını sağlar. Pawtal künyesi gibi bazı özellikler premium satın alma gerektirir.</p>

<h2>2. Hesaplar</h2>
<ul>
  <li>Doğru bilgi vermeli ve şifrenizi gizli tutmalısınız.</li>
  <li>Hesabınız üzerinden yapılanlardan ve hayvanlarınız hakkında yayımladığınız içerikten siz sorumlusunuz.</li>
  <li>Hesabınızı uygulamada <strong>Hesap &gt; Hesabı Sil</strong> bölümünden istediğiniz zaman silebilirsiniz.</li>
</ul>

<h2>3. Kabul edilebilir kullanım</h2>
<p>Hizmeti sahte kayıp ilanları veya sahiplendirme ilanları yayımlamak, başkalarını taciz etmek, diğer kullanıcıların verilerini toplamak, paylaşma hakkınız olmayan içerikleri yüklemek ya da hizmete veya güvenliğine müdahale etmek için kullanmayın.</p>

<h2>4. Rehberdeki kayıtlar</h2>
<p>Pawtal'da yer alan veterinerler, bakıcılar, gezdiriciler, kuaförler, eğitmenler ve barınaklar bağımsızdır. Onları istihdam etmeyiz, niteliklerini kontrol etmeyiz ve hizmetlerini garanti etmeyiz. Onlarla yaptığınız her anlaşma yalnızca sizinle onlar arasındadır.</p>

<h2>5. Klinikler</h2>
<ul>
  <li>Klinik portalını kullanan klinikler giriş bilgilerini gizli tutmalı ve erişimi yalnızca kendi personeline vermelidir.</li>
  <li>Klinikler girdikleri hasta ve hayvan sahibi verilerinden sorumludur ve bu verileri işlemek için hukuki bir dayanağa sahip olmalıdır.</li>
  <li>Tıbbi kararlar tedaviyi yürüten veterinerin sorumluluğunda kalır.</li>
</ul>

<h2>6. İçerik ve lisans</h2>
<p>Eklediğiniz fotoğraf ve metinlerin hakları sizde kalır. Pawtal'a, bunları hizmetin işleyişi için gerektiği ölçüde, hayvanlarınızın herkese açık sayfaları da dahil olmak üzere barındırma ve gösterme lisansı verirsiniz.</p>

<h2>7. Sorumluluk</h2>
<p>Hizmet "olduğu gibi" sunulur. Pawtal, profesyonel veteriner tavsiyesinin yerini tutmaz. Yasanın izin verdiği ölçüde Pawtal; dolaylı kayıplardan ya da listelenen hizmet sağlayıcıların, barınakların veya diğer kullanıcıların eylemlerinden sorumlu değildir. Bu şartlardaki hiçbir hüküm, yasayla sınırlandırılamayan bir sorumluluğu sınırlamaz.</p>

<h2>8. Değişiklikler ve fesih</h2>
<p>Bu şartları değiştirebiliriz ve önemli değişiklikleri uygulamada duyururuz. Bu şartları ihlal eden hesapları askıya alabiliriz. Hizmeti kullanmayı istediğiniz zaman bırakabilirsiniz.</p>

<h2>9. İletişim</h2>
<p>Bu şartlarla ilgili sorular: <a href="mailto:support@pawtal.example">support@pawtal.example</a>.</p>
`;
