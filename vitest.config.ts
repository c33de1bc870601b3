import { defineConfig } from 'vitest/config';

// Unit tests of the shell and the remote SDK (jsdom). Module federation does nothing under
// Vitest; tests do not import the federation runtime.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['shell/src/**/*.test.{ts,tsx}', 'sdk/ts/src/**/*.test.{ts,tsx}', 'remotes/*/src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // Both cores: the default leaves one idle on a 2-core machine (4 min 54 s → 2 min 44 s for
    // the 360 tests); jsdom's tests are CPU-bound, and nothing else runs beside them in make test.
    maxWorkers: 2,
  },
});
