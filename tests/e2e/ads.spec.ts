/** Ad slots (docs/decisions.md, "Ads"): placements, layout, heights, lazy network injection. */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, observed, test } from "./fixtures";

const ads = JSON.parse(readFileSync("content/ads.json", "utf-8"));
const site = JSON.parse(readFileSync("content/site.json", "utf-8"));
const heightOf = (id: number): number => ads.slots.find((slot: { id: number }) => slot.id === id).minHeight;

const NETWORK = "https://ads.example.com/tag.js";
/** A stand-in for an ad network: it fills the slot it was injected into. */
const FAKE_NETWORK = `(() => {
  const script = document.currentScript;
  const ad = document.createElement("p");
  ad.className = "fake-ad";
  ad.textContent = "Fake ad " + script.dataset.adUnit + " for " + script.dataset.adClient;
  script.parentElement.append(ad);
})();`;

/**
 * Serves `path` as the build would with a network configured for both ad
 * types (content/site.json → ads): every slot carries the network's script
 * URL and client id, and the page's policy allows the network's origin where
 * the build's would (scripts/csp/security-headers.ts). Returns the log of
 * requests for the network's script.
 */
async function configureNetwork(page: Page, path: string, network: "ok" | "fails" = "ok") {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /data-ad-slot="(\d+)"/g,
        `$& data-ad-src="${NETWORK}" data-ad-client="ca-pub-test"`,
      );
      const origin = new URL(NETWORK).origin;
      const headers = response.headers();
      let policy = headers["content-security-policy"]!;
      for (const name of ["script-src", "img-src", "connect-src", "frame-src"]) {
        // A directive the build leaves out falls back to default-src 'self'; 'none' allows nothing else.
        const directive = new RegExp(`\\b${name} ([^;]*)`);
        policy = directive.test(policy)
          ? policy.replace(directive, (_, sources: string) =>
              sources === "'none'" ? `${name} ${origin}` : `${name} ${sources} ${origin}`,
            )
          : `${policy}; ${name} 'self' ${origin}`;
      }
      headers["content-security-policy"] = policy;
      await route.fulfill({ response, body: html, headers });
    },
  );
  const requests: string[] = [];
  await page.route(NETWORK, (route) => {
    requests.push(route.request().url());
    return network === "ok"
      ? route.fulfill({ contentType: "text/javascript", body: FAKE_NETWORK })
      : route.abort("failed");
  });
  return requests;
}

const row = (page: Page) => page.locator("[data-ad-row]");
/** The boxes of the ad row: slots and the placeholders between them. */
const cells = (page: Page) => row(page).locator(":scope > div > :is([data-ad-slot], [data-ad-placeholder])");

/** How far ahead of the viewport src/browser/ads.ts starts loading a slot's network. */
const AD_MARGIN = "300px 0px";

test.describe("placements and placeholders", () => {
  for (const [path, ids] of Object.entries(ads.placements) as [string, number[]][]) {
    test(`${path} shows its slots, each reserving its minimum height`, async ({ page }) => {
      await page.goto(path);
      const slots = row(page).locator("[data-ad-slot]");
      await expect(slots).toHaveCount(ids.length);
      for (const [index, id] of ids.entries()) {
        const slot = slots.nth(index);
        await expect(slot).toHaveAttribute("data-ad-slot", String(id));
        const box = await slot.boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(heightOf(id));
      }
    });
  }

  test("the radio sidebar holds its slots from content/ads.json, each at its minimum height", async ({ page }) => {
    await page.goto("/radio");
    const slots = page.locator("[data-sidebar] [data-ad-slot]");
    const ids: number[] = ads.sidebars["/radio"];
    await expect(slots).toHaveCount(ids.length);
    for (const [index, id] of ids.entries()) {
      await expect(slots.nth(index)).toHaveAttribute("data-ad-slot", String(id));
      expect((await slots.nth(index).boundingBox())!.height).toBeGreaterThanOrEqual(heightOf(id));
    }
  });

  test("a placeholder is a dashed box with the type label and Advertisement Space", async ({ page }) => {
    await page.goto("/about");
    const slot = row(page).locator("[data-ad-slot]").first();
    const type = (await slot.getAttribute("data-ad-type")) as "search" | "display";
    const placeholder = slot.locator("[data-ad-placeholder]");
    await expect(placeholder).toHaveText(new RegExp(`^${ads.labels[type]}\\s*Advertisement Space$`));
    expect(await placeholder.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe("dashed");
    await expect(page.getByRole("contentinfo").locator(`[data-ad-slot="${ads.footer}"]`)).toContainText(
      "Advertisement Space",
    );
  });

  test("with no network configured, no slot loads anything", async ({ page }) => {
    expect(site.ads).toEqual({});
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script" && !request.url().startsWith("http://127.0.0.1")) {
        scripts.push(request.url());
      }
    });
    await page.goto("/about");
    await expect(page.locator("[data-ad-src]")).toHaveCount(0);
    // Every slot has come near the viewport, which is when a configured network's script would be injected.
    for (const slot of await page.locator("[data-ad-slot]").all()) expect(await observed(slot, AD_MARGIN)).toBe(true);
    expect(scripts).toEqual([]);
  });
});

test.describe("row layout", () => {
  test("below 768px: one slot per row, no placeholder between @mobile", async ({ page }) => {
    await page.goto("/about");
    const [first, second] = await row(page).locator("[data-ad-slot]").all();
    const a = (await first!.boundingBox())!;
    const b = (await second!.boundingBox())!;
    expect(b.x).toBe(a.x);
    expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
    expect(a.width).toBeGreaterThan(300);
    await expect(row(page).locator(":scope > div > [data-ad-placeholder]")).toBeHidden();
  });

  test("from 768px: two slots side by side with a placeholder between them @desktop", async ({ page }) => {
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/about");
      await expect(cells(page)).toHaveCount(3);
      const boxes = await Promise.all((await cells(page).all()).map(async (cell) => (await cell.boundingBox())!));
      const [left, middle, right] = boxes as [NonNullable<(typeof boxes)[0]>, (typeof boxes)[0], (typeof boxes)[0]];
      expect(middle!.y).toBe(left.y);
      expect(right!.y).toBe(left.y);
      expect(left.x + left.width).toBeLessThan(middle!.x);
      expect(middle!.x + middle!.width).toBeLessThan(right!.x);
      await expect(cells(page).nth(0)).toHaveAttribute("data-ad-slot");
      await expect(cells(page).nth(1)).toHaveAttribute("data-ad-placeholder");
      await expect(cells(page).nth(1)).toContainText("Advertisement Space");
      await expect(cells(page).nth(2)).toHaveAttribute("data-ad-slot");
    }
  });

  test("the layout is decided by CSS alone: the same at first paint without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${process.env["E2E_PORT"] ?? 4399}/about`);
    await expect(cells(page)).toHaveCount(3);
    const boxes = await Promise.all((await cells(page).all()).map(async (cell) => (await cell.boundingBox())!));
    expect(new Set(boxes.map((box) => box.y)).size).toBe(1);
    await context.close();
  });
});

test.describe("with a network configured", () => {
  test("injects the network script into a slot only when it nears the viewport, once", async ({ page }) => {
    const requests = await configureNetwork(page, "/about");
    await page.goto("/about");
    const slots = row(page).locator("[data-ad-slot]");
    await expect(slots.first()).toHaveAttribute("data-ad-src", NETWORK);
    // The observers have reported the row's first position: far below the fold, so nothing is injected yet.
    expect(await observed(slots.first(), AD_MARGIN, false)).toBe(false);
    expect(requests).toEqual([]);
    await expect(page.locator("[data-ad-slot] script")).toHaveCount(0);

    await slots.first().scrollIntoViewIfNeeded();
    const first = slots.first();
    await expect(first.locator(".fake-ad")).toHaveText(/^Fake ad \d+ for ca-pub-test$/);
    await expect(first.locator("[data-ad-placeholder]")).toBeHidden();
    await expect(first).toHaveAttribute("data-ad-state", "loaded");
    const script = first.locator("script");
    await expect(script).toHaveAttribute("src", NETWORK);
    await expect(script).toHaveAttribute("data-ad-client", "ca-pub-test");
    await expect(script).toHaveAttribute("data-ad-unit", (await first.getAttribute("data-ad-slot"))!);
    const box = (await first.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(250);

    // Every slot, twice: each gets its script when it nears the viewport, and none is injected twice.
    const all = page.locator("[data-ad-slot]");
    for (const slot of await all.all()) {
      expect(await observed(slot, AD_MARGIN)).toBe(true);
      await expect(slot).toHaveAttribute("data-ad-state", "loaded");
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const slot of await all.all()) {
      expect(await observed(slot, AD_MARGIN)).toBe(true);
      await expect(slot.locator("script")).toHaveCount(1);
      await expect(slot.locator(".fake-ad")).toHaveCount(1);
    }
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.length).toBeLessThanOrEqual(await all.count());
  });

  test("a network that fails to load leaves the placeholder and no error of ours", async ({ page }) => {
    await configureNetwork(page, "/about", "fails");
    await page.goto("/about");
    const slot = row(page).locator("[data-ad-slot]").first();
    await slot.scrollIntoViewIfNeeded();
    await expect(slot).toHaveAttribute("data-ad-state", "failed");
    await expect(slot.locator("[data-ad-placeholder]")).toBeVisible();
    await expect(slot).toContainText("Advertisement Space");
    // The fixture fails the test on any console error other than the blocked request itself.
  });
});

// Layout stability of every route (slots included) is checked once, in cls.spec.ts.
