import { defineConfig } from 'vitest/config';

// Unit tests of the shell and the remote SDK (jsdom). Module federation does nothing under
// Vitest; tests do not import the federation runtime.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['shell/src/**/*.test.{ts,tsx}', 'sdk/ts/src/**/*.test.{ts,tsx}', 'remotes/*/src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
  },
});
