// Starts a server-rendered page's JavaScript once the page has loaded: its pictures and fonts come
// first, and the page is readable and its links work meanwhile. The server writes the entry and the
// modules the page needs into this element's data attributes (src/server/pages/index-html.ts).
(function () {
  var starter = document.currentScript;
  var entry = starter.getAttribute('data-entry');
  var modules = (starter.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  function start() {
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
