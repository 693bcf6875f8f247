// Builds what `npm start` runs, each part only when missing or older than its sources:
// - the web app (vite) into apps/web/dist, with brotli and gzip copies;
// - the server, bundled by esbuild into apps/server/dist (plain JavaScript: no TypeScript
//   loader at run time; the npm packages stay external, the workspace packages are bundled);
// - the ready-made demo database of that server build (apps/server/dist/pgdata-template), so a
//   first start copies it instead of initdb + migrations + seed (ADR 0017).
// Run by `npm install` (postinstall) and by `npm start`; `node scripts/build.mjs` by hand.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const stale = (output, sources) => builtAt(output) < Math.max(...sources.map((s) => newestMtime(at(s))));

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

const shared = [
  'packages/contract/src',
  'packages/entities/src',
  'packages/contract/package.json',
  'packages/entities/package.json',
];

export function buildWeb() {
  const index = at('apps/web/dist/index.html');
  if (!stale(index, ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', ...shared]))
    return false;
  console.log(fs.existsSync(index) ? 'The web app changed: rebuilding it…' : 'Building the web app…');
  run('npm', ['run', 'build', '-w', '@bl/web']);
  return true;
}

const serverDist = at('apps/server/dist');
const keptOutside = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  'svg-captcha',
  'exceljs',
  'pg-native',
];
const serverMain = path.join(serverDist, 'main.js');

export async function buildServer() {
  if (
    !stale(serverMain, [
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/package.json',
      'scripts/build.mjs',
      ...shared,
    ])
  )
    return false;
  console.log(fs.existsSync(serverMain) ? 'The server changed: rebuilding it…' : 'Building the server…');
  const esbuild = await import('esbuild');
  const sourceRoot = at('apps/server/src');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: at('apps/server/src/main.ts'),
      'make-template': at('apps/server/src/make-template.ts'),
    },
    outdir: serverDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // One id per build: the ready-made database belongs to the build that made it.
    define: { 'process.env.BL_BUILD_ID': JSON.stringify(randomUUID()) },
    // The bundle's own folder, for the files the sources find next to themselves.
    banner: {
      js: [
        "import { fileURLToPath as __blUrlToPath } from 'node:url';",
        "import __blPath from 'node:path';",
        "import { createRequire as __blCreateRequire } from 'node:module';",
        'const __blDist = __blPath.dirname(__blUrlToPath(import.meta.url));',
        // For the CommonJS packages in the bundle.
        'const require = __blCreateRequire(import.meta.url);',
      ].join(' '),
    },
    logLevel: 'warning',
    plugins: [
      {
        name: 'bl-server',
        setup(build) {
          // Bundled with the sources: loading hundreds of small files from node_modules was
          // most of a start's time. Left to load from node_modules as they are: packages
          // that read files next to their own (native code, wasm, fonts, web pages) and those
          // loaded only when used (exceljs).
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            keptOutside.some((name) => args.path === name || args.path.startsWith(`${name}/`))
              ? { path: args.path, external: true }
              : undefined,
          );
          // `import.meta.dirname` of a source file, wherever the bundle sits.
          build.onLoad({ filter: /\.ts$/ }, async (args) => {
            let contents = await fs.promises.readFile(args.path, 'utf8');
            if (args.path.startsWith(sourceRoot) && contents.includes('import.meta.dirname')) {
              const relative = path.relative(serverDist, path.dirname(args.path)).split(path.sep).join('/');
              contents = contents.replaceAll(
                'import.meta.dirname',
                `__blPath.join(__blDist, ${JSON.stringify(relative)})`,
              );
            }
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
  return true;
}

const template = at('apps/server/dist/pgdata-template');

/** Whether the template was made by the server build in apps/server/dist. */
function templateCurrent() {
  try {
    const stamp = JSON.parse(fs.readFileSync(`${template}.json`, 'utf8'));
    return fs.readFileSync(serverMain, 'utf8').includes(JSON.stringify(stamp.buildId));
  } catch {
    return false;
  }
}

export function makeTemplate() {
  if (templateCurrent()) return false;
  console.log('Making the ready-made demo database (once per server build)…');
  run(process.execPath, [path.join(serverDist, 'make-template.js'), template]);
  return true;
}

export async function buildAll() {
  buildWeb();
  await buildServer();
  makeTemplate();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildAll();
