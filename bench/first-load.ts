// What a browser with an empty cache downloads to show /login, and then the home page after
// signing in: from Chromium's network log (compressed bytes as transferred, headers included).
// Run by hand (the web app built: npm run build):  npx tsx bench/first-load.ts
// BENCH_RUNS=3: runs; each run starts its own server and browser. Sizes vary little between
// runs (only headers); the median is printed all the same.
import { loginBudgetBytes, measureFirstLoad } from '../e2e/first-load.ts';
import { launchBrowser, newContext, startServer } from '../e2e/harness.ts';

const runs = Number(process.env.BENCH_RUNS || 3);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const totals: number[] = [];
const uncompressed: number[] = [];
for (let run = 1; run <= runs; run++) {
  const server = await startServer();
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    browser = await launchBrowser();
    const context = await newContext(browser, server.baseUrl);
    const load = await measureFirstLoad(context);
    await context.close();
    const scripts = load.files.filter((f) => f.type === 'script' || f.type === 'stylesheet');
    // What the same files weigh as they are, for the ratio.
    let raw = 0;
    for (const file of scripts) {
      const response = await fetch(`${server.baseUrl}${file.url}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      raw += (await response.arrayBuffer()).byteLength;
    }
    totals.push(load.scriptAndStyleBytes);
    uncompressed.push(raw);
    console.log(
      `run ${run}: /login ${scripts.length} JS/CSS files, ${kb(load.scriptAndStyleBytes)} transferred ` +
        `(${kb(raw)} uncompressed), ${load.files.length} requests in all`,
    );
    if (run === 1)
      for (const file of scripts.sort((a, b) => b.bodyBytes - a.bodyBytes))
        console.log(
          `  ${kb(file.bodyBytes + file.headerBytes).padStart(9)}  ${file.encoding ?? '-'}  ${file.url}`,
        );
  } finally {
    await browser?.close();
    await server.stop();
  }
}
console.log(
  `median of ${runs}: ${kb(median(totals))} of JS+CSS transferred for /login ` +
    `(${kb(median(uncompressed))} uncompressed); budget ${kb(loginBudgetBytes)}`,
);
