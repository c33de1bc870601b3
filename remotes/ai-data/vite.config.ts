import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { shared } from '../../sdk/ts/src/federation.ts';

// The AI data plugin's pages, loaded by the shell at run time. The federation name is the plugin id.
export default defineConfig({
  base: './',
  plugins: [
    react(),
    federation({
      name: 'ai-data',
      filename: 'remoteEntry.js',
      manifest: true,
      exposes: { './routes': './src/routes.tsx' },
      shared,
      dts: false,
      bundleAllCSS: true,
    }),
  ],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
