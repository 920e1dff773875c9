/**
 * npm run test:deploy: the built site behind the real nginx config, with the
 * real Icecast station, on loopback (global-setup.ts starts and stops them).
 * One worker: the checks share the servers, and the load check needs the CPU.
 */
import { defineConfig } from "@playwright/test";
import base from "../../playwright.config";

export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results/deploy",
  globalSetup: "./global-setup.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env["CI"]),
  retries: 0,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: { ...base.use, baseURL: undefined, viewport: { width: 1280, height: 800 } },
});
