// Builds what `npm start` runs, each part only when its inputs changed since it was built:
// - the web app (vite) into apps/web/dist, with brotli and gzip copies;
// - the server, bundled by esbuild into apps/server/dist (plain JavaScript: no TypeScript
//   loader at run time; the npm packages stay external, the workspace packages are bundled);
// - the ready-made demo database of that server build (apps/server/dist/pgdata-template), so a
//   first start copies it instead of initdb + migrations + seed (ADR 0017).
// Run by `npm install` (postinstall), by `npm start` and by `npm run test:e2e`; `node
// scripts/build.mjs` by hand.
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** Every file under `target` (or `target` itself), as paths relative to the repository, sorted. */
function filesOf(target) {
  const full = at(target);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [target];
  return (
    fs
      .readdirSync(full, { recursive: true, withFileTypes: true })
      // Tests next to the code are not part of what is built.
      .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
  );
}

/**
 * A digest of the names and contents of a part's inputs. Contents, not modification times: a
 * checkout, a copy or a restored cache moves times both ways, and the lock file (the bundled
 * npm packages' versions) is an input as much as the sources are.
 */
function inputsDigest(sources) {
  const hash = createHash('sha256');
  for (const file of [...new Set(sources.flatMap(filesOf))].sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(at(file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The digest a part was last built from, kept beside node_modules' other caches: not in the web
 * app's dist, whose files the server hands out.
 */
const stampOf = (output) =>
  at('node_modules/.cache/bl-build', `${path.relative(root, output).replaceAll(path.sep, '_')}.inputs`);
/** Whether `output` exists and was built from inputs with this digest (its stamp file says so). */
function upToDate(output, digest) {
  try {
    return fs.existsSync(output) && fs.readFileSync(stampOf(output), 'utf8') === digest;
  } catch {
    return false;
  }
}

function writeStamp(output, digest) {
  fs.mkdirSync(path.dirname(stampOf(output)), { recursive: true });
  fs.writeFileSync(stampOf(output), digest);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

const shared = [
  'packages/contract/src',
  'packages/entities/src',
  'packages/contract/package.json',
  'packages/entities/package.json',
  'package-lock.json',
  'scripts/build.mjs',
];

export function buildWeb() {
  const index = at('apps/web/dist/index.html');
  const digest = inputsDigest([
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/m.html',
    'apps/web/vite.config.ts',
    'apps/web/vite.handheld.config.ts',
    'apps/web/package.json',
    ...shared,
  ]);
  if (upToDate(index, digest)) return false;
  console.log(fs.existsSync(index) ? 'The web app changed: rebuilding it…' : 'Building the web app…');
  fs.rmSync(stampOf(index), { force: true }); // a build that stops half-way leaves no stamp
  run('npm', ['run', 'build', '-w', '@bl/web']);
  writeStamp(index, digest);
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
  const digest = inputsDigest([
    'apps/server/src',
    'apps/server/drizzle',
    'apps/server/package.json',
    ...shared,
  ]);
  if (upToDate(serverMain, digest)) return false;
  console.log(fs.existsSync(serverMain) ? 'The server changed: rebuilding it…' : 'Building the server…');
  fs.rmSync(stampOf(serverMain), { force: true }); // a build that stops half-way leaves no stamp
  const esbuild = await import('esbuild');
  const sourceRoot = at('apps/server/src');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: at('apps/server/src/main.ts'),
      'make-template': at('apps/server/src/make-template.ts'),
      // The parse worker (parsing/pool.ts) loads this file, beside main.js, in its threads.
      'parse-worker': at('apps/server/src/parse-worker.ts'),
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
  for (const name of ['main.js', 'make-template.js', 'parse-worker.js'])
    asciiOnly(path.join(serverDist, name));
  writeStamp(serverMain, digest);
  return true;
}

/**
 * esbuild writes the code ASCII-only but keeps the bundled packages' comments as they are, and a
 * few hold typographic quotes or section signs. One such character makes V8 keep the whole
 * source of the bundle (9.5 MB, which it holds for lazy compilation) as a two-byte string: 18 MB
 * of the server's memory instead of 9.5. The characters become \u escapes, which in a comment
 * change nothing (the line and paragraph separators, line ends in JavaScript, stay).
 */
function asciiOnly(file) {
  const text = fs.readFileSync(file, 'utf8');
  const ascii = text.replace(
    /[\u0080-\u2027\u202a-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (ascii !== text) fs.writeFileSync(file, ascii);
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
