/**
 * The contact page, the contact form embed (docs/decisions.md, "Embeds") and the
 * subscribe form (docs/decisions.md, "Subscribe form"), which is also the end-to-end test of the notification
 * rules (docs/decisions.md, "Notifications").
 */
import { readFileSync } from "node:fs";
import type { Page, Request, Route } from "@playwright/test";
import { enhanced, expect, test, axe } from "./fixtures";

const site = JSON.parse(readFileSync("content/site.json", "utf-8"));
const texts = JSON.parse(readFileSync("content/contact-page.json", "utf-8"));
const ENDPOINT = site.newsletter.endpoint as string;
const FRAME = site.contactForm.frameUrl as string;
const CORS = { "Access-Control-Allow-Origin": "*" };

const form = (page: Page) => page.getByRole("region", { name: texts.subscribe.heading });
const emailField = (page: Page) => form(page).getByRole("textbox", { name: texts.subscribe.emailLabel });
const subscribeButton = (page: Page) => form(page).getByRole("button");
const toasts = (page: Page) => page.locator('#toast-region [data-slot="toast"]');

/** The browser logs a failed HTTP answer as a console error; that is the endpoint's failure, not ours. */
const onlyNetworkErrors = (errors: string[]) =>
  expect(errors.filter((line) => !/Failed to load resource/.test(line))).toEqual([]);

/** Intercepts the newsletter endpoint. `answer` runs for each request; the log keeps every request. */
async function interceptEndpoint(page: Page, answer: (route: Route) => Promise<void> | void) {
  const requests: Request[] = [];
  await page.route(ENDPOINT, async (route) => {
    requests.push(route.request());
    await answer(route);
  });
  return requests;
}

/** A route answer held until `release` is called. */
function held() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const answer = async (route: Route) => {
    await gate;
    await route.fulfill({ headers: CORS, json: { ok: true } });
  };
  return { answer, release: () => release() };
}

/** Opens /contact and waits for the subscribe form's script (without it the form posts natively). */
async function openContact(page: Page) {
  await page.goto("/contact");
  await enhanced(page.locator("form[data-subscribe]"));
}

/**
 * Counts, in the page, the form's submit events, its email field's invalid events and the calls to fetch for
 * the newsletter endpoint. All three happen synchronously in the task that submits, so once that task is
 * over the counts say whether anything was, or could have been, sent.
 */
async function countSubmissions(page: Page) {
  await page.evaluate((endpoint) => {
    const counts = { submit: 0, invalid: 0, fetch: 0 };
    Object.assign(window, { __counts: counts });
    const form = document.querySelector("form[data-subscribe]")!;
    form.addEventListener("submit", () => (counts.submit += 1));
    form.querySelector("input")!.addEventListener("invalid", () => (counts.invalid += 1));
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input) === endpoint) counts.fetch += 1;
      return fetch(input, init);
    };
  }, ENDPOINT);
  return () => page.evaluate(() => (window as unknown as { __counts: Record<string, number> }).__counts);
}

async function subscribe(page: Page, email: string) {
  await emailField(page).fill(email);
  await subscribeButton(page).click();
}

test.describe("page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/contact");
  });

  test("shows Contact Us, Get In Touch and the contact information from the site settings", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await expect(page.getByRole("heading", { level: 2, name: "Get In Touch" })).toBeVisible();
    const info = page.getByRole("region", { name: texts.details.heading });
    const { email, phone, address, supportHours } = site.contact;
    await expect(info.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(info.getByRole("link", { name: phone })).toHaveAttribute("href", `tel:${phone.replace(/\D/g, "")}`);
    await expect(info).toContainText(address.street);
    await expect(info).toContainText(`${address.city}, ${address.region} ${address.postalCode}`);
    await expect(info.getByText(`${texts.details.supportHours}: ${supportHours}`)).toBeVisible();
    expect(supportHours).toBe("Monday-Friday 9:00 AM - 5:00 PM EST");
  });

  test("has a real subscribe form: one required email field posting to the newsletter endpoint", async ({ page }) => {
    await expect(form(page).getByRole("heading", { name: texts.subscribe.heading })).toBeVisible();
    const element = page.locator("form[data-subscribe]");
    await expect(element).toHaveAttribute("method", "post");
    await expect(element).toHaveAttribute("action", ENDPOINT);
    await expect(element.locator("input")).toHaveCount(1);
    await expect(emailField(page)).toHaveAttribute("type", "email");
    await expect(emailField(page)).toHaveAttribute("required", "");
    await expect(emailField(page)).toHaveAttribute("name", "email");
    await expect(subscribeButton(page)).toHaveText(texts.subscribe.button);
  });

  test("embeds the contact form frame, 789px high and lazy, with the provider's script", async ({ page }) => {
    await page.route(FRAME, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><p>Form</p>" }));
    await page.reload();
    const frame = page.locator("[data-embed] iframe");
    await expect(frame).toHaveAttribute("src", FRAME);
    await expect(frame).toHaveAttribute("title", "Contact form");
    await expect(frame).toHaveAttribute("loading", "lazy");
    expect((await frame.boundingBox())?.height).toBe(789);
    const script = page.locator(`script[src="${site.contactForm.scriptUrl}"]`);
    await expect(script).toHaveCount(1);
    await expect(script).toHaveAttribute("async", "");
  });

  test("says under the frame where to write instead, the email linked where the line's {email} stands", async ({
    page,
  }) => {
    const line = page.locator("p").filter({ hasText: texts.formFallback.split("{email}")[0].trim() });
    await expect(line).toHaveText(texts.formFallback.replace("{email}", site.contact.email));
    await expect(line.getByRole("link", { name: site.contact.email })).toHaveAttribute(
      "href",
      `mailto:${site.contact.email}`,
    );
  });
});

test.describe("contact form skeleton", () => {
  const skeleton = (page: Page) => page.locator("[data-embed-skeleton]");

  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: new Date("2025-03-03T09:00:00Z") });
    await page.clock.pauseAt(new Date("2025-03-03T10:00:00Z"));
  });

  test("covers the frame until 1,000 ms have passed when the frame never loads", async ({ page }) => {
    await page.route(FRAME, () => {}); // the provider never answers
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    await expect(skeleton(page)).toBeVisible();
    await expect(page.locator("[data-embed]")).toHaveAttribute("aria-busy", "true");
    await page.clock.runFor(999);
    await expect(skeleton(page)).toBeVisible();
    await page.clock.runFor(1);
    await expect(skeleton(page)).toBeHidden();
    await expect(page.locator("[data-embed]")).not.toHaveAttribute("aria-busy");
  });

  test("steps aside as soon as the frame loads, before 1,000 ms", async ({ page }) => {
    await page.route(FRAME, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Form</title><p>Contact form</p>" }),
    );
    await page.goto("/contact");
    // The provider is asked once the page has loaded, has painted and the browser is idle: on the test clock,
    // which reports no paint, half a second after load and at most 50 ms of idle wait later.
    await page.clock.runFor(600);
    await expect(page.frameLocator("[data-embed] iframe").getByText("Contact form")).toBeVisible();
    await expect(skeleton(page)).toBeHidden();
  });

  test("keeps the frame's height from the first paint to the reveal", async ({ page }) => {
    await page.route(FRAME, () => {});
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const box = page.locator("[data-embed]");
    const before = await box.boundingBox();
    await page.clock.runFor(1000);
    await expect(skeleton(page)).toBeHidden();
    expect(await box.boundingBox()).toEqual(before);
    expect(before?.height).toBeGreaterThanOrEqual(789);
  });
});

test.describe("subscribe", () => {
  test.beforeEach(async ({ page }) => {
    await openContact(page);
  });

  test("posts in the background and shows a default notification on success", async ({ page }) => {
    const gate = held();
    const requests = await interceptEndpoint(page, gate.answer);
    await subscribe(page, "reader@example.com");
    // While sending: the button is disabled and says so, the page stays put.
    await expect(subscribeButton(page)).toBeDisabled();
    await expect(subscribeButton(page)).toHaveText("Subscribing…");
    gate.release();
    const toast = toasts(page);
    await expect(toast).toHaveCount(1);
    await expect(toast).toHaveAttribute("data-variant", "default");
    await expect(toast).toContainText("Subscribed");
    await expect(toast).toContainText("reader@example.com");
    await expect(emailField(page)).toHaveValue("");
    await expect(subscribeButton(page)).toBeEnabled();
    await expect(subscribeButton(page)).toHaveText(texts.subscribe.button);
    expect(page.url()).toMatch(/\/contact$/);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method()).toBe("POST");
    expect(requests[0]?.postData()).toBe("email=reader%40example.com");
  });

  test("does not report success when a 200 answer says the address was refused", async ({ page }) => {
    await interceptEndpoint(page, (route) => route.fulfill({ headers: CORS, json: { success: false } }));
    await subscribe(page, "reader@example.com");
    await expect(toasts(page)).toHaveAttribute("data-variant", "destructive");
    await expect(emailField(page)).toHaveValue("reader@example.com");
  });

  test("reports a blocked or unreachable endpoint as a failure", async ({ page }) => {
    // No route of ours: the fixture blocks every external host.
    await subscribe(page, "reader@example.com");
    await expect(toasts(page)).toHaveAttribute("data-variant", "destructive");
    await expect(toasts(page)).toContainText("could not reach");
    await expect(emailField(page)).toHaveValue("reader@example.com");
  });

  test("tells a visitor who has gone offline why it failed", async ({ page, context }) => {
    const toaster = page.waitForResponse((response) => /\/_astro\/Toaster\.[\w-]+\.js$/.test(response.url()));
    await emailField(page).fill("reader@example.com"); // the notification code starts loading as the field takes focus
    const url = (await toaster).url();
    await page.evaluate((src) => import(src).then(() => undefined), url); // resolves once all of it is in
    // And what the page fetches by itself once it has loaded, at idle (the web fonts and its deferred script
    // files): fetched offline, each would be a console error, and that race is not what this test is about.
    await expect(page.locator("html")).toHaveAttribute("data-fonts-warmed", "");
    await page.waitForFunction(() => {
      const loaders = [...document.querySelectorAll("script:not([src])")].map((script) => script.textContent ?? "");
      const wanted = loaders.flatMap((code) => [...code.matchAll(/import\("([^"]+)"\)/g)].map((match) => match[1]));
      const fetched = new Set(performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));
      return wanted.every((path) => path !== undefined && fetched.has(path));
    });
    await context.setOffline(true);
    await subscribeButton(page).click();
    await expect(toasts(page)).toHaveAttribute("data-variant", "destructive");
    await expect(toasts(page)).toContainText("could not reach");
    await expect(emailField(page)).toHaveValue("reader@example.com");
    await context.setOffline(false);
  });

  test("still shows the failure when the notification code itself cannot be fetched", async ({ page }) => {
    await page.route(/\/_astro\/Toaster\.[\w-]+\.js$/, (route) => route.abort());
    await subscribe(page, "reader@example.com");
    const toast = page.locator('#toast-region [role="alert"]');
    await expect(toast).toContainText("could not reach");
    await expect(emailField(page)).toHaveValue("reader@example.com");
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toHaveCount(0);
  });

  test("never sends twice while a submission is under way", async ({ page }) => {
    const gate = held();
    const requests = await interceptEndpoint(page, gate.answer);
    const counts = await countSubmissions(page);
    await subscribe(page, "reader@example.com");
    await expect(subscribeButton(page)).toBeDisabled();
    await emailField(page).press("Enter");
    await page.locator("form[data-subscribe]").evaluate((element: HTMLFormElement) => element.requestSubmit());
    // The click and requestSubmit reached the handler (Enter does nothing while the form's default button is
    // disabled); it called fetch for the first only.
    expect(await counts()).toEqual({ submit: 2, invalid: 0, fetch: 1 });
    gate.release();
    await expect(toasts(page)).toHaveCount(1);
    expect(requests).toHaveLength(1);
  });

  for (const code of ["the notification code", "the plain fallback"]) {
    test(`keeps a long address inside its notification, in ${code}`, async ({ page }) => {
      if (code === "the plain fallback") await page.route(/\/_astro\/Toaster\.[\w-]+\.js$/, (route) => route.abort());
      await interceptEndpoint(page, (route) => route.fulfill({ headers: CORS, json: { ok: true } }));
      const long = `${"a".repeat(60)}@${"b".repeat(60)}.example.com`;
      await subscribe(page, long);
      await expect(toasts(page)).toContainText(long);
      const box = await toasts(page).boundingBox();
      for (const line of await toasts(page).locator("p").all()) {
        const rect = await line.boundingBox();
        expect(rect!.x).toBeGreaterThanOrEqual(box!.x);
        expect(rect!.x + rect!.width).toBeLessThanOrEqual(box!.x + box!.width);
        expect(await line.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      }
    });
  }

  test("takes no address longer than a real one can be (254 characters)", async ({ page }) => {
    await emailField(page).fill(`${"c".repeat(300)}@example.com`);
    await expect(emailField(page)).toHaveValue("c".repeat(254));
  });

  test("sends nothing for an empty or malformed address (the browser's own validation)", async ({ page }) => {
    const requests = await interceptEndpoint(page, (route) => route.fulfill({ headers: CORS, json: {} }));
    const counts = await countSubmissions(page);
    await subscribeButton(page).click();
    await subscribe(page, "not-an-email");
    expect(await emailField(page).evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
    // Both clicks ended in the browser's invalid event instead of a submit, so nothing could be sent.
    expect(await counts()).toEqual({ submit: 0, invalid: 2, fetch: 0 });
    expect(requests).toHaveLength(0);
    await expect(toasts(page)).toHaveCount(0);
  });
});

test.describe("subscribe, when the endpoint fails", () => {
  test.use({ allowErrors: true });

  test("shows a destructive notification and keeps the email", async ({ page, errors }) => {
    await openContact(page);
    await interceptEndpoint(page, (route) => route.fulfill({ status: 500, headers: CORS, body: "down" }));
    await subscribe(page, "reader@example.com");
    const toast = toasts(page);
    await expect(toast).toHaveAttribute("data-variant", "destructive");
    await expect(toast).toContainText("Subscription failed");
    await expect(toast).toContainText("unavailable");
    await expect(emailField(page)).toHaveValue("reader@example.com");
    await expect(subscribeButton(page)).toBeEnabled();
    onlyNetworkErrors(errors);
  });

  test("Escape closes the notification over the field being corrected, and the focus stays in it", async ({
    page,
    errors,
  }) => {
    await openContact(page);
    await interceptEndpoint(page, (route) => route.fulfill({ status: 500, headers: CORS, body: "down" }));
    await subscribe(page, "reader@example.com");
    await expect(toasts(page)).toContainText("Subscription failed");
    await emailField(page).focus();
    await page.keyboard.press("Escape");
    await expect(toasts(page)).toHaveCount(0);
    await expect(emailField(page)).toBeFocused();
    await expect(emailField(page)).toHaveValue("reader@example.com");
    onlyNetworkErrors(errors);
  });
});

test.describe("subscribe timeout", () => {
  test("gives up after 10 s with a destructive notification and keeps the email", async ({ page }) => {
    // Paused, so only runFor moves the page's time: a clock left running would add the test's own (possibly
    // slow) wall-clock time to the 10 s and time the request out early.
    await page.clock.install({ time: new Date("2025-03-03T09:00:00Z") });
    await page.clock.pauseAt(new Date("2025-03-03T10:00:00Z"));
    await page.goto("/contact");
    // The form's script loads once the page has loaded and painted, at idle: on the test clock, which reports no
    // paint, half a second after load and at most 50 ms of idle wait later (scripts/lib/defer-scripts.mjs).
    await page.clock.runFor(600);
    await enhanced(page.locator("form[data-subscribe]"));
    const requests = await interceptEndpoint(page, () => {}); // never answers
    await subscribe(page, "reader@example.com");
    await expect.poll(() => requests.length).toBe(1);
    await page.clock.runFor(9_000);
    await expect(subscribeButton(page)).toBeDisabled();
    await expect(toasts(page)).toHaveCount(0);
    await page.clock.runFor(1_000);
    await expect(toasts(page)).toHaveAttribute("data-variant", "destructive");
    await expect(toasts(page)).toContainText("Subscription timed out");
    await expect(emailField(page)).toHaveValue("reader@example.com");
    await expect(subscribeButton(page)).toBeEnabled();
  });
});

test.describe("notifications", () => {
  test.beforeEach(async ({ page }) => {
    await openContact(page);
  });

  test("show one at a time, the newest replacing the older", async ({ page }) => {
    let fail = true;
    await interceptEndpoint(page, (route) => route.fulfill({ headers: CORS, json: { success: !fail } }));
    await subscribe(page, "reader@example.com");
    await expect(toasts(page)).toHaveAttribute("data-variant", "destructive");
    fail = false;
    await subscribeButton(page).click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveAttribute("data-variant", "default");
    await expect(toasts(page)).toContainText("Subscribed");
  });

  test("are announced to screen readers: a polite region, status for success and alert for failure", async ({
    page,
  }) => {
    let success = true;
    await interceptEndpoint(page, (route) => route.fulfill({ headers: CORS, json: { success } }));
    const region = page.getByRole("region", { name: "Notifications" });
    await expect(region).toHaveAttribute("aria-live", "polite"); // present before any notification
    await subscribe(page, "reader@example.com");
    await expect(region.getByRole("status")).toContainText("Subscribed");
    success = false;
    await subscribe(page, "reader@example.com");
    await expect(region.getByRole("alert")).toContainText("Subscription failed");
    await expect(region.getByRole("status")).toHaveCount(0);
  });

  test("close with their dismiss button", async ({ page }) => {
    await interceptEndpoint(page, (route) => route.fulfill({ headers: CORS, json: {} }));
    await subscribe(page, "reader@example.com");
    await expect(toasts(page)).toHaveCount(1);
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toasts(page)).toHaveCount(0);
  });

  test("give the focus back to the field that sent them when dismissed from the keyboard", async ({ page }) => {
    await interceptEndpoint(page, (route) => route.fulfill({ headers: CORS, json: {} }));
    await emailField(page).fill("reader@example.com");
    await emailField(page).press("Enter");
    await expect(toasts(page)).toHaveCount(1);
    await page.getByRole("button", { name: "Dismiss notification" }).focus();
    await page.keyboard.press("Enter");
    await expect(toasts(page)).toHaveCount(0);
    await expect(emailField(page)).toBeFocused();
  });

  test("leave every control the keyboard reaches clear of them, back to the page's top and on to its end", async ({
    page,
  }) => {
    await interceptEndpoint(page, (route) => route.fulfill({ headers: CORS, json: { success: false } }));
    await subscribe(page, "reader@example.com");
    await expect(toasts(page)).toContainText("Subscription failed");
    await expect(toasts(page)).toHaveCSS("opacity", "1"); // in place: its entry transition has run its frames
    /** Where the focus is: in the notification, out of <main> and the footer (the header), or under the notification. */
    const focusIs = () =>
      page.evaluate(() => {
        const focused = document.activeElement!;
        const toast = document.querySelector("#toast-region [data-slot=toast]")!;
        if (toast.contains(focused)) return "in the notification";
        if (!focused.closest("main, footer")) return "out of the page's content";
        const a = focused.getBoundingClientRect();
        const b = toast.getBoundingClientRect();
        const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return overlaps ? `under it: ${(focused.textContent ?? "").trim() || focused.tagName}` : "clear";
      });
    const walk = async (key: string, end: string) => {
      await emailField(page).focus();
      const covered: string[] = [];
      let where = "";
      for (let stop = 0; stop < 80 && where !== end; stop += 1) {
        await page.keyboard.press(key);
        where = await focusIs();
        if (where.startsWith("under")) covered.push(where);
      }
      expect(where).toBe(end);
      return covered;
    };
    // Back from the form to the page's top (the toast is over the top of a phone's screen), and on from it to the
    // footer's last link (over the bottom right from 640 px): none may end up under the notification.
    expect(await walk("Shift+Tab", "out of the page's content")).toEqual([]);
    expect(await walk("Tab", "in the notification")).toEqual([]);
  });

  test("sit at the top below 640px, at most 420px wide @mobile", async ({ page }) => {
    await interceptEndpoint(page, (route) => route.fulfill({ headers: CORS, json: {} }));
    await subscribe(page, "reader@example.com");
    const box = (await toasts(page).boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeLessThan(40);
    expect(box.width).toBeLessThanOrEqual(420);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    const region = (await page.locator("#toast-region").boundingBox())!;
    expect(region.width).toBeLessThanOrEqual(420);
  });

  test("sit at the bottom right from 640px, at most 420px wide @desktop", async ({ page }) => {
    await interceptEndpoint(page, (route) => route.fulfill({ headers: CORS, json: {} }));
    await subscribe(page, "reader@example.com");
    const box = (await toasts(page).boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.width).toBeLessThanOrEqual(420);
    expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
    expect(viewport.height - (box.y + box.height)).toBeLessThan(40);
    await page.setViewportSize({ width: 640, height: 800 });
    const atBreakpoint = (await toasts(page).boundingBox())!;
    expect(800 - (atBreakpoint.y + atBreakpoint.height)).toBeLessThan(40);
    await page.setViewportSize({ width: 639, height: 800 });
    expect((await toasts(page).boundingBox())!.y).toBeLessThan(40);
  });

  test("have no axe violations, in both variants", async ({ page }) => {
    let success = true;
    await interceptEndpoint(page, (route) => route.fulfill({ headers: CORS, json: { success } }));
    await subscribe(page, "reader@example.com");
    await expect(toasts(page)).toHaveCount(1);
    // Scan once the entry transition is over, so colours are measured at full opacity.
    const scan = async () => {
      await expect(toasts(page)).toHaveCSS("opacity", "1");
      return axe(page).include("#toast-region").analyze();
    };
    expect((await scan()).violations).toEqual([]);
    success = false;
    await subscribe(page, "reader@example.com");
    await expect(toasts(page)).toHaveAttribute("data-variant", "destructive");
    expect((await scan()).violations).toEqual([]);
  });
});

// The page itself, in both colour schemes and at both widths, is checked by the sweep in a11y.spec.ts.

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the subscribe form posts to the endpoint as a plain form", async ({ page }) => {
    const requests = await interceptEndpoint(page, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Thanks</title><h1>Thanks</h1>" }),
    );
    await page.goto("/contact");
    await subscribe(page, "reader@example.com");
    await expect(page.getByRole("heading", { name: "Thanks" })).toBeVisible();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method()).toBe("POST");
    expect(requests[0]?.postData()).toBe("email=reader%40example.com");
  });

  test("shows the contact form frame without a skeleton", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.locator("[data-embed-skeleton]")).toBeHidden();
    await expect(page.locator(`[data-embed] iframe[src="${FRAME}"]`)).toBeVisible();
    await expect(page.locator("[data-embed] iframe:not([src])")).toBeHidden();
  });
});
