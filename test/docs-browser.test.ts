/**
 * The API docs page in a real browser: the system's Chromium driven by playwright-core (as the
 * playground's test), against a real service. The page renders the service's document, loads nothing
 * from another origin, breaks none of its own Content-Security-Policy, and "Try it out" calls this
 * server. Skipped with a note where no Chromium executable exists; nothing here downloads a browser.
 */
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, noChromium } from './support/chromium.ts';
import { closeShared, startServer, type TestServer } from './support/server.ts';

const executablePath = chromiumPath;
const NO_CHROMIUM = noChromium('docs page test');

// A loaded machine takes its time to start a browser and to parse Swagger UI's bundle.
const TIMEOUT_MS = 90_000;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!executablePath) return void console.warn(`docs page test skipped: ${NO_CHROMIUM}`);
  server = await startServer();
  browser = await chromium.launch({ executablePath });
}, TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await closeShared();
}, TIMEOUT_MS);

describe('the API docs page', () => {
  it(
    'renders the document from this server alone, and tries an operation against it',
    async ({ skip }) => {
      skip(!executablePath, NO_CHROMIUM);
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));

      await page.goto(`${server.url}/docs`);
      await page
        .getByRole('heading', { name: /txenrich/ })
        .first()
        .waitFor({ timeout: TIMEOUT_MS });
      await page.getByText('/transactions/cards/enrich', { exact: true }).first().waitFor();
      await page.getByText('/metrics', { exact: true }).first().waitFor();
      expect(await page.getByRole('button', { name: /Authorize/ }).count()).toBeGreaterThan(0);

      // "Try it out" on the liveness probe (public): the answer comes from this server.
      const health = page.locator('#operations-Health-health');
      await health.locator('.opblock-summary').click();
      await health.getByRole('button', { name: 'Try it out' }).click();
      await health.getByRole('button', { name: 'Execute' }).click();
      const answer = health.locator('.live-responses-table tbody .response-col_status').first();
      await answer.waitFor({ timeout: TIMEOUT_MS });
      expect((await answer.textContent())?.trim()).toBe('200');
      expect(await health.locator('.live-responses-table').textContent()).toContain('"status": "ok"');

      const origin = new URL(server.url).origin;
      expect(requested.length).toBeGreaterThan(4);
      expect(requested.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin)).toEqual(
        [],
      );
      expect(requested).toContain(`${origin}/healthz`);
      expect(problems).toEqual([]);
      await page.close();
    },
    TIMEOUT_MS * 2,
  );
});
