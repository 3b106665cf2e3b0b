import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console lives under /admin/ on the API's origin: its assets, its routes and nothing else.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: {
    port: 5174,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    manifest: true,
    // react-admin and MUI make one large entry; the budget that matters is checked by `npm run size`.
    chunkSizeWarningLimit: 1500,
  },
});
