import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Text files worth compressing; images other than SVG are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|ico)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text file of the build, at the
 * highest levels: the server hands them out as they are (`@fastify/static` `preCompressed`), so
 * compressing costs nothing per request and the best ratio is affordable (ADR 0017).
 */
export function precompress(options: { onlyThisBuild?: boolean } = {}): Plugin {
  let outDir = '';
  // A second build into the same folder (the handheld's) compresses only the files it wrote.
  const written = new Set<string>();
  return {
    name: 'bl-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_output, bundle) {
      for (const name of Object.keys(bundle)) written.add(name);
    },
    async closeBundle() {
      const files = options.onlyThisBuild
        ? [...written]
        : fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      await Promise.all(
        files
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const body = await fs.promises.readFile(full);
            const br = zlib.brotliCompressSync(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            });
            const gz = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
            await fs.promises.writeFile(`${full}.br`, br);
            await fs.promises.writeFile(`${full}.gz`, gz);
          }),
      );
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No vendor manualChunks: hand-made vendor chunks put all of antd, ProComponents and the
    // barcode code on the sign-in page. Apart from the sign-in page's own chunk (bootChunk) the
    // bundler's split follows the lazy routes, so each page downloads only what it uses.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        codeSplitting: {
          // The library code the sign-in page needs, in one chunk and nothing else in it:
          // `$initial` marks the modules main.tsx reaches through static imports, which the
          // first load downloads anyway; together they compress better and cost one request
          // instead of thirty. What only lazy screens use stays in the chunks split for them.
          groups: [{ name: 'boot', tags: ['$initial'] }],
        },
      },
    },
  },
});
