import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { shared } from '../sdk/ts/src/federation.ts';

// The shell knows no remote at build time: the host lists the user's enabled remotes at run time.
export default defineConfig({
  plugins: [react(), federation({ name: 'shell', remotes: {}, shared, dts: false })],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/remotes': 'http://127.0.0.1:8080' } },
});
