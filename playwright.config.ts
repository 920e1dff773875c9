import { existsSync } from "node:fs";
import { chromium, defineConfig } from "@playwright/test";

/** A system Chromium: $CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own download. */
function findChromium(): string {
  const candidates = [
    process.env["CHROMIUM_PATH"],
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    (() => {
      try {
        return chromium.executablePath();
      } catch {
        return undefined;
      }
    })(),
  ];
  const found = candidates.find((path): path is string => Boolean(path) && existsSync(path!));
  if (!found) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) " +
        "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    );
  }
  return found;
}

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
      executablePath: findChromium(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--autoplay-policy=no-user-gesture-required",
      ],
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
