// Applies the remembered theme before the first paint. index.html loads this
// file in <head> as a blocking script (the policy allows only scripts from
// 'self', so it cannot be inline). The app switches themes through
// window.reelhouseTheme (web/src/lib/theme.ts).
(() => {
  const KEY = 'reelhouse:theme';
  const light = window.matchMedia('(prefers-color-scheme: light)');
  const read = () => {
    try {
      const choice = localStorage.getItem(KEY);
      return choice === 'light' || choice === 'system' ? choice : 'dark';
    } catch {
      return 'dark'; // storage blocked: the default
    }
  };
  const apply = (choice) => {
    const theme = choice === 'light' || (choice === 'system' && light.matches) ? 'light' : 'dark';
    const root = document.documentElement;
    // The whole page changes at once: colour transitions are held (index.css) while the theme switches,
    // so no control shows half-faded colours for a moment.
    const switching = root.dataset.theme !== undefined && root.dataset.theme !== theme;
    if (switching) root.dataset.themeSwitching = '';
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'light' ? '#f5f7fb' : '#0c111b');
    if (switching) {
      window.getComputedStyle(root).color; // the new colours apply now, with transitions held
      requestAnimationFrame(() => requestAnimationFrame(() => delete root.dataset.themeSwitching));
    }
  };
  const listeners = new Set();
  const changed = () => {
    apply(read());
    for (const listener of listeners) listener();
  };
  light.addEventListener('change', changed);
  // Another tab switched.
  window.addEventListener('storage', (event) => {
    if (event.key === KEY) changed();
  });
  apply(read());
  window.reelhouseTheme = {
    read,
    set: (choice) => {
      try {
        localStorage.setItem(KEY, choice);
      } catch {
        // storage blocked: applies to this page only
      }
      apply(choice);
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();
