import { startWorld } from '/work/wt-onboard2/tests/browser/browser.ts';
const w = await startWorld();
try {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text()); });
  await w.signIn(page, 'emma');
  for (const t of (process.env.TYPES ?? 'my_basic_info').split(',')) {
    await page.goto(`/payroll/${t}/edit/${emma.user}`);
    await page.waitForTimeout(1500);
    console.log('=====', t);
    if (!process.env.NOTEXT) console.log(await page.locator("main").innerText());
    const labels = await page.locator('label').allInnerTexts();
    console.log('LABELS', JSON.stringify(labels));
    await page.screenshot({ path: `/tmp/onb2/${t}.png`, fullPage: true });
  }
} finally { await w.close(); }
