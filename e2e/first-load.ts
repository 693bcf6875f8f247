import type { BrowserContext } from 'playwright-core';

/**
 * The /login size budget (issue 20, target 1; ADR 0017): JavaScript and CSS transferred by a
 * browser with an empty cache, compressed, headers included. A size, not a timing: it fails
 * the build when the sign-in page grows, whatever the machine.
 */
export const loginBudgetBytes = 300 * 1024;

/**
 * The handheld's budget (issue 32; ADR 0041): its first load at /m, JavaScript and CSS, counted
 * the same way. A PDA on floor Wi-Fi downloads it.
 */
export const handheldBudgetBytes = 150 * 1024;

export interface LoadedFile {
  url: string;
  type: string;
  /** Body bytes as they came over the wire (compressed when the server compressed them). */
  bodyBytes: number;
  headerBytes: number;
  encoding: string | undefined;
}

export interface FirstLoad {
  files: LoadedFile[];
  /** JavaScript and CSS only: body and headers, as the browser's network log counts them. */
  scriptAndStyleBytes: number;
}

/** Opens `path` in a fresh page of `context` (an empty cache) and reads its network log. */
export async function measureFirstLoad(context: BrowserContext, path = '/login'): Promise<FirstLoad> {
  const page = await context.newPage();
  const pending: Promise<LoadedFile>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return {
          url: new URL(request.url()).pathname,
          type: request.resourceType(),
          bodyBytes: sizes.responseBodySize,
          headerBytes: sizes.responseHeadersSize,
          encoding: (await response?.allHeaders())?.['content-encoding'],
        };
      })(),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  // The sign-in form is on screen: everything it needed has arrived.
  await page.locator('form input').first().waitFor();
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(pending);
  await page.close();
  const scriptAndStyleBytes = files
    .filter((file) => file.type === 'script' || file.type === 'stylesheet')
    .reduce((sum, file) => sum + file.bodyBytes + file.headerBytes, 0);
  return { files, scriptAndStyleBytes };
}
