import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served by the API server at '/', with an index.html fallback (SPA).
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/player': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
});
