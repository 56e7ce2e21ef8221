import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
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
