import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The end user's chat page (apps' web views): a page of its own, not a federated module, built
// beside the remote into dist/chat/ so the host serves it at /remotes/customer-service/chat/.
export default defineConfig({
  root: 'chat',
  base: './',
  plugins: [react()],
  build: { target: 'es2022', outDir: '../dist/chat', emptyOutDir: true },
});
