import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed copy saves less than one network packet. */
const PRECOMPRESS_MIN_BYTES = 1024;
const PRECOMPRESSED_TYPES = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a .br and a .gz copy beside every text asset, compressed once at the highest settings, so the server
 * only picks a file by Accept-Encoding and never compresses per request (docs/design/web-delivery.md).
 */
function precompress(): Plugin {
  return {
    name: 'inbox-ops:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => PRECOMPRESSED_TYPES.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          if (content.length < PRECOMPRESS_MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/** The libraries every screen needs, in a chunk of their own: an app release does not invalidate its cache. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: FRAMEWORK, priority: 2 }],
        },
      },
    },
  },
  server: {
    // The Host header is passed on unchanged: the API accepts a write only from the origin the browser
    // shows (without PUBLIC_URL, the request's own host), and here that is the dev server's.
    proxy: {
      '/api': { target: apiTarget },
      '/auth': { target: apiTarget },
      '/health': { target: apiTarget },
    },
  },
});
