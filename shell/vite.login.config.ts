import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The sign-in page, built apart from the federated console (see login/main.tsx).
export default defineConfig({
  root: 'login',
  base: '/login/',
  plugins: [react()],
  build: { target: 'es2022', outDir: '../dist/login', emptyOutDir: true },
});
