// Applies the stored theme before the first paint (no flash of the wrong theme). A file, not an inline
// script, so the Content-Security-Policy can refuse every inline script. ThemeProvider keeps it up to date.
(() => {
  let theme = 'dark';
  try {
    const stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
  } catch {}
  const dark =
    theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
