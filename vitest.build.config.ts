import { defineConfig } from "vitest/config";

/**
 * The build suite: tests that run `astro sync` or a whole `astro build` on a copy of the project (a broken
 * content file must fail the build naming the file and the field). They take minutes, not milliseconds,
 * so they live apart from the unit tests; `npm test` runs them as their own step (`npm run test:build`).
 */
export default defineConfig({
  test: {
    include: ["tests/build/**/*.test.ts"],
  },
});
