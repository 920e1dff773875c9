/**
 * Shared end-to-end fixtures: every external host is blocked (the site must
 * work without third parties), and any console error or uncaught exception
 * of ours fails the test unless the test expects it.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

export const ROUTES = [
  "/",
  "/about",
  "/types",
  "/strategies",
  "/analysis",
  "/resources",
  "/contact",
  "/privacy",
  "/terms",
  "/radio",
  "/books",
  "/calculator",
  "/learn",
] as const;

interface Fixtures {
  /** Console errors and page errors seen so far. */
  errors: string[];
  /** Set to true in a test that expects console errors (the 404 page). */
  allowErrors: boolean;
}

export const test = base.extend<Fixtures>({
  allowErrors: [false, { option: true }],
  errors: [
    async ({ page, allowErrors }, use) => {
      const errors: string[] = [];
      await page.context().route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort("blockedbyclient"));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A blocked third-party request logs a network error in Chromium; that is the host's failure, not ours.
        if (/ERR_BLOCKED_BY_CLIENT|net::ERR_FAILED/.test(message.text())) return;
        errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      if (!allowErrors) expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * axe-core on the page, run in the page itself (axe.run, "legacy mode"). The default mode runs axe in every frame
 * and merges the results in a new blank page it opens for the purpose, which doubled each scan's time (1.8 → 3.2 s
 * on /strategies, the same passes and violations); what it adds is cross-origin frames, and ours are the third
 * parties' embeds, whose content is theirs and whose hosts these tests block. Same-origin frames are still scanned.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}

/** True when the page scrolls sideways (something overflows the viewport). */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/**
 * Holds back every request the page makes to `url` (a slow network, or one file late) until the returned function
 * is called; then they go on.
 */
export async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until a browser script has attached to `target`: each script marks the element it enhances with
 * `data-enhanced` once its handlers are in place. Until then a click reaches the plain HTML behaviour
 * (a form posts natively, a button does nothing), which is right for a visitor without JavaScript and
 * wrong for a test of the enhancement.
 */
export async function enhanced(target: Locator): Promise<void> {
  await expect(target).toHaveAttribute("data-enhanced", "");
}

/**
 * Reaches for the React island exporting `component` as a visitor would (a pointer over it: `client:interaction`
 * islands load on the first sign of use) and waits until it has hydrated (Astro drops `ssr` from it then).
 */
export async function hydrated(page: Page, component: string): Promise<void> {
  await page.evaluate((selector) => {
    document.querySelector(selector)?.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
  }, `astro-island[component-export="${component}"][ssr]`);
  await expect(page.locator(`astro-island[component-export="${component}"]:not([ssr])`)).toHaveCount(1);
}

/**
 * Records, from the page's first script on, each use of what loads the browser's locale data: an Intl object made,
 * or a `toLocale…String` call (the first of them is one long task: src/lib/number-format.ts). Returns a reader of
 * what was used, by name.
 */
export async function recordLocaleData(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const used: string[] = [];
    Object.defineProperty(window, "__localeData", { value: used });
    for (const name of Object.getOwnPropertyNames(Intl)) {
      const made = (Intl as unknown as Record<string, unknown>)[name];
      if (typeof made !== "function") continue;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(made, {
        construct: (target, args, newTarget) => (used.push(`Intl.${name}`), Reflect.construct(target, args, newTarget)),
        apply: (target, self, args) => (used.push(`Intl.${name}`), Reflect.apply(target, self, args)),
      });
    }
    for (const type of [Number, Date, Array, BigInt]) {
      for (const name of Object.getOwnPropertyNames(type.prototype).filter((key) => key.startsWith("toLocale"))) {
        const method = (type.prototype as unknown as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
        Object.defineProperty(type.prototype, name, {
          configurable: true,
          writable: true,
          value(this: unknown, ...args: unknown[]) {
            used.push(`${type.name}.${name}`);
            return method.apply(this, args);
          },
        });
      }
    }
  });
  return () => page.evaluate(() => [...(window as unknown as { __localeData: string[] }).__localeData]);
}

/**
 * Resolves once an IntersectionObserver with `rootMargin` has reported on `target` after it was scrolled into
 * view (or, with `scroll: false`, where it is now). The page's own observers were created earlier and are
 * notified in the same task, before this one, so a test that checks that nothing happened on intersection
 * checks after the event that would have caused it.
 */
export async function observed(target: Locator, rootMargin = "0px", scroll = true): Promise<boolean> {
  return target.evaluate(
    (element, { rootMargin, scroll }) =>
      new Promise<boolean>((resolve) => {
        if (scroll) element.scrollIntoView({ block: "center" });
        const observer = new IntersectionObserver(
          ([entry]) => {
            observer.disconnect();
            resolve(entry?.isIntersecting ?? false);
          },
          { rootMargin },
        );
        observer.observe(element);
      }),
    { rootMargin, scroll },
  );
}

/** Resolves after the page has rendered two more frames, so layout and any layout shift it caused are recorded. */
export async function frames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Waits until a loaded page has reached its final look: web fonts in, every embed past its skeleton (it
 * steps aside when the frame loads, when its provider cannot be reached, or after 1 s), every island
 * hydrated (an island that waits for the visitor is reached for first, as in `hydrated`), and the images in the viewport
 * decoded. Then two frames, so the result is painted.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() => {
    for (const island of document.querySelectorAll('astro-island[ssr][client="interaction"]')) {
      island.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    }
  });
  await page.waitForFunction(() => {
    const embedsShown = [...document.querySelectorAll<HTMLElement>("[data-embed]")].every(
      (embed) => embed.dataset["state"] === "shown",
    );
    const islandsHydrated = document.querySelector("astro-island[ssr]") === null;
    const imagesInView = [...document.images].every((image) => {
      const box = image.getBoundingClientRect();
      const inView = box.bottom > 0 && box.top < innerHeight && box.width > 0;
      return !inView || image.complete;
    });
    return embedsShown && islandsHydrated && imagesInView;
  });
  await frames(page);
}
