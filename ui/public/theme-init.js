// Applies the saved theme before the first paint (a blocking script in <head>: no flash of the
// wrong theme after a reload). The key matches ui/lib/theme.ts.
try {
  var theme = localStorage.getItem('pizzakiosken-theme');
  if (theme === 'napoli' || theme === 'classic') document.documentElement.dataset.theme = theme;
} catch {
  // No storage (private mode, blocked): the default theme stays.
}
