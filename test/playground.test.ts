/**
 * The playground page in a real browser: the system's Chromium (the Debian package, which `.ci/run`
 * installs) driven by playwright-core against a real service. Where no Chromium executable exists the
 * tests are skipped with a note saying so; nothing here downloads a browser.
 */
import { errorDetails } from '@txenrich/schema';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, noChromium } from './support/chromium.ts';
import { closeShared, keys, startServer, type TestServer } from './support/server.ts';

const executablePath = chromiumPath;
const NO_CHROMIUM = noChromium('playground tests');

// A loaded machine takes its time to start a browser and the engine's first enrichment.
const TIMEOUT_MS = 90_000;

/** The logos are links to other sites: the browser gets this picture instead of going out. */
const PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32"/></svg>';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!executablePath) return void console.warn(`playground tests skipped: ${NO_CHROMIUM}`);
  server = await startServer();
  browser = await chromium.launch({ executablePath });
}, TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await closeShared();
}, TIMEOUT_MS);

/** A fresh page on the playground, with requests to other sites answered by `PICTURE`. */
async function openPlayground(): Promise<Page> {
  const page = await browser.newPage();
  await page.route(
    (url) => url.origin !== new URL(server.url).origin,
    (route) =>
      route.request().resourceType() === 'image'
        ? route.fulfill({ contentType: 'image/svg+xml', body: PICTURE })
        : route.abort(),
  );
  await page.goto(`${server.url}/playground`);
  return page;
}

describe('the playground', () => {
  it(
    'enriches a typed card descriptor and shows its name, logo, third party and explanation',
    async ({ skip }) => {
      skip(!executablePath, NO_CHROMIUM);
      const page = await openPlayground();
      await page.getByLabel('API key').fill(keys.acmeSandbox);
      const line = page.getByLabel('Descriptor', { exact: true });
      await line.fill('SQ *BLUE BOTTLE COFFEE SAN FRANCISCO CA');
      await line.press('Enter');

      const name = page.getByRole('heading', { level: 3, name: 'Blue Bottle Coffee' });
      await name.waitFor({ timeout: TIMEOUT_MS });
      // The summary's logo, loaded (the picture of `PICTURE`, 32 pixels wide).
      const logo = page.getByRole('region', { name: 'Blue Bottle Coffee' }).getByRole('img');
      expect(await logo.getAttribute('alt')).toBe('Blue Bottle Coffee logo');
      expect(await logo.getAttribute('src')).toMatch(/^https?:\/\/./);
      await expect
        .poll(() => logo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
        .toBe(32);
      expect(await logo.isVisible()).toBe(true);

      const result = page.locator('#result');
      expect(await result.locator('.category').textContent()).toBe('Coffee Shops');
      const thirdParty = result.locator('.third-parties li');
      expect(await thirdParty.textContent()).toContain('Square');
      expect(await thirdParty.locator('img').getAttribute('src')).toMatch(/^https?:\/\/./);
      expect(await result.textContent()).toContain('physical');
      // The explanation: the rules that fired and the candidates table.
      expect(await result.locator('.rules').textContent()).toContain('prefix.third-party');
      expect(await result.getByRole('table').textContent()).toContain('Blue Bottle Coffee');

      // The key went out with the call only.
      expect(await page.evaluate('[localStorage.length, sessionStorage.length, document.cookie]')).toEqual([
        0,
        0,
        '',
      ]);
      expect(page.url()).toBe(`${server.url}/playground`);
      await page.close();
    },
    TIMEOUT_MS,
  );

  it(
    "shows the API's error body when the key is refused",
    async ({ skip }) => {
      skip(!executablePath, NO_CHROMIUM);
      const page = await openPlayground();
      await page.getByLabel('API key').fill('not-a-key-of-this-server');
      await page.getByLabel('Descriptor', { exact: true }).fill('NETFLIX.COM');
      await page.getByRole('button', { name: 'Enrich' }).click();

      const alert = page.getByRole('alert');
      await alert.getByText('403').waitFor({ timeout: TIMEOUT_MS });
      expect(await alert.textContent()).toContain(errorDetails.forbidden);
      expect(await page.locator('#result').textContent()).toBe('');
      await page.close();
    },
    TIMEOUT_MS,
  );

  it(
    'sends a universal bank line with its direction to the universal endpoint',
    async ({ skip }) => {
      skip(!executablePath, NO_CHROMIUM);
      const page = await openPlayground();
      await page.getByLabel('API key').fill(keys.acmeSandbox);
      await page.getByRole('radio', { name: /Universal/ }).check();
      await page
        .getByLabel('Bank line', { exact: true })
        .fill('ACME CORP DES:PAYROLL ID:123 INDN:DOE JOHN PPD');
      await page.getByLabel('Amount').fill('2500');
      await page.getByLabel('Direction').selectOption('CREDIT');
      await page.getByRole('button', { name: 'Enrich' }).click();

      await page.getByText(/^Enriched: 200/).waitFor({ timeout: TIMEOUT_MS });
      const result = page.locator('#result');
      expect(await result.textContent()).toContain('income');
      expect(
        await result.getByText('Request: POST /transactions/universal/enrich?explain=true').count(),
      ).toBe(1);
      await page.close();
    },
    TIMEOUT_MS,
  );
});
