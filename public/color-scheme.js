// Puts the light or dark class on <html> before the first paint of a server-rendered page, as MUI's
// InitColorSchemeScript does (a file, not inline: the CSP allows no inline script). Same storage
// keys and default ("system") as the app's ThemeProvider.
(function () {
  try {
    var mode = localStorage.getItem('mui-mode') || 'system';
    var dark = mode === 'dark' || (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    var scheme = dark ? localStorage.getItem('mui-color-scheme-dark') || 'dark' : localStorage.getItem('mui-color-scheme-light') || 'light';
    document.documentElement.classList.add(scheme);
  } catch {
    // storage blocked: MUI sets the class once the page's JavaScript runs
  }
})();

// A stored clinic session (src/client/api/portal-session.ts): the server-rendered /Dashboard login
// shows a loading shell instead of its form until the dashboard replaces it, so a logged-in clinic
// never sees the login flash. The app keeps the class in step with the session once it runs.
(function () {
  try {
    var session = JSON.parse(localStorage.getItem('pawtal.portal.session') || 'null');
    if (session && typeof session.token === 'string' && session.token) document.documentElement.classList.add('pawtal-portal-session');
  } catch {
    // storage blocked or unreadable: the login form shows, as the app will
  }
})();
