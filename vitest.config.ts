import { defineConfig } from 'vitest/config';
import { sveltekit } from '@sveltejs/kit/vite';
import { svelteTesting } from '@testing-library/svelte/vite';

// Kept apart from vite.config.ts so that the PWA plugin never runs under test.
export default defineConfig({
  plugins: [sveltekit(), svelteTesting()],
  test: {
    include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['tests/unit/setup.ts'],
    expect: { requireAssertions: true },
    // Component tests render whole screens; on a loaded 2-core machine 5 s is too tight.
    testTimeout: 20_000
  }
});
