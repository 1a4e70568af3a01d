import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const r = await lighthouse(process.argv[2], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
for (const [id, c] of Object.entries(r.lhr.categories)) {
  console.log(id, c.score);
  for (const ref of c.auditRefs) { const a = r.lhr.audits[ref.id]; if (a.score !== null && a.score < 1 && ref.weight > 0) console.log('   ', a.id, a.score, a.displayValue ?? '', JSON.stringify(a.details?.items?.slice(0,3) ?? '').slice(0, 300)); }
}
chrome.kill();
