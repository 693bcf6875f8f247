import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handheldBudgetBytes, loginBudgetBytes, measureFirstLoad } from './first-load.ts';
import {
  adminPassword,
  browserAvailable,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  startServer,
} from './harness.ts';

/**
 * The sign-in page's download stays within its budget, compressed, and the server says how to
 * cache what it sends (ADR 0017). Sizes and headers only: no timings.
 */
describe.skipIf(!browserAvailable)('first load of /login', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('transfers at most the budget of compressed JavaScript and CSS', async () => {
    const context = await newContext(browser, server.baseUrl);
    const load = await measureFirstLoad(context);
    await context.close();
    const scripts = load.files.filter((f) => f.type === 'script' || f.type === 'stylesheet');
    expect(scripts.length).toBeGreaterThan(0);
    // Every script and style sheet came compressed.
    expect(scripts.filter((f) => f.encoding !== 'br').map((f) => f.url)).toEqual([]);
    // Neither the generic screens (ProComponents) nor the barcode code ride along.
    const big = scripts.filter((f) => /pro-|EntityPage|InprintScreen|catalogue-/.test(f.url));
    expect(big.map((f) => f.url)).toEqual([]);
    const listing = scripts.map((f) => `${f.bodyBytes + f.headerBytes}\t${f.url}`).join('\n');
    expect(load.scriptAndStyleBytes, `over the /login budget:\n${listing}`).toBeLessThanOrEqual(
      loginBudgetBytes,
    );
  });

  it('the handheld entry (/m) transfers at most its own budget, with none of the desktop code', async () => {
    const context = await newContext(browser, server.baseUrl);
    const load = await measureFirstLoad(context, '/m');
    await context.close();
    const scripts = load.files.filter((f) => f.type === 'script' || f.type === 'stylesheet');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((f) => f.encoding !== 'br').map((f) => f.url)).toEqual([]);
    // Nothing of the desktop's first load (its boot chunk holds antd) nor of its screens.
    expect(
      scripts.filter((f) => /\/boot-|pro-|ShellLayout|echarts|EntityPage/.test(f.url)).map((f) => f.url),
    ).toEqual([]);
    const listing = scripts.map((f) => `${f.bodyBytes + f.headerBytes}\t${f.url}`).join('\n');
    console.info(`/m first load: ${load.scriptAndStyleBytes} bytes of JavaScript and CSS\n${listing}`);
    expect(load.scriptAndStyleBytes, `over the /m budget:\n${listing}`).toBeLessThanOrEqual(
      handheldBudgetBytes,
    );
  });

  it('caches hashed assets for good and revalidates index.html', async () => {
    const page = await fetch(`${server.baseUrl}/login`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('vary')).toMatch(/accept-encoding/i);
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${server.baseUrl}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    // A client that takes no compression gets the file as it is.
    const plain = await fetch(`${server.baseUrl}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(0);
  });

  it("shows the home page's shape at once after signing in, while the shell's code still travels", async () => {
    const context = await newContext(browser, server.baseUrl);
    // A slow network for the shell's code: without the skeleton the page would be empty meanwhile.
    await context.route('**/assets/ShellLayout-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('#login_tenantId').fill('000000');
    await page.locator('#login_account').fill('admin');
    await page.locator('#login_password').fill(adminPassword);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('home-skeleton').waitFor();
    await screenshot(page, 'home-skeleton');
    // Then the home page itself, in the shell.
    await page.waitForURL('**/wel/index');
    await page.locator('.bl-header').waitFor();
    await page.getByTestId('home-skeleton').first().waitFor({ state: 'detached', timeout: 60_000 });
    await context.close();
  });
});
