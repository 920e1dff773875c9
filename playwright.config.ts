import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, ONLY_LOCALHOST, testChromiumPath } from "./scripts/lib/dist.mjs";

const port = Number(process.env["E2E_PORT"] ?? 4399);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env["CI"] ? 2 : "50%",
  forbidOnly: Boolean(process.env["CI"]),
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: testChromiumPath(),
      // The flags the audit and screenshots use too (other hosts do not resolve: the net under the fixtures'
      // blocking, and all a test's own context has), and the radio tests may start audio without a click.
      args: [...CHROMIUM_FLAGS, ONLY_LOCALHOST, "--autoplay-policy=no-user-gesture-required"],
    },
  },
  projects: [
    // Tests tagged @desktop run only at 1280px and tests tagged @mobile only at 390px, so none is reported skipped.
    { name: "mobile", grepInvert: /@desktop/, use: { viewport: { width: 390, height: 844 }, hasTouch: true } },
    { name: "desktop", grepInvert: /@mobile/, use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `node scripts/serve.mjs --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env["CI"],
    stdout: "ignore",
  },
});
