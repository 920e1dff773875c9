/**
 * The layout-stability gate: cumulative layout shift 0.000 on every
 * route of the build's sitemap and on the 404 page, at 390px and 1280px (the
 * two projects), measured by the Layout Instability API from the first paint,
 * with the web fonts held back, as on a slow network (a first visit paints and
 * stays in the metric-matched fallbacks; the fonts only warm the cache after
 * load), through the embeds' skeleton
 * fallback (1 s), while the page is scrolled to the bottom so every lazy
 * island, frame and ad slot near the viewport resolves, and back.
 */
import type { Locator, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { distDir, NOT_FOUND_PATH, sitemapRoutes } from "../../scripts/lib/dist.mjs";
import { expect, frames, holdBack, hydrated, settled, test } from "./fixtures";

interface Shift {
  value: number;
  time: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts: Shift[];
  }
}

/** Records every layout shift not caused by input, with the elements that moved, from before the first paint. */
function recordShifts() {
  window.__shifts = [];
  const describe = (node: Node | null) => {
    if (!(node instanceof Element)) return node?.nodeName ?? "?";
    const id = node.id ? `#${node.id}` : "";
    const classes = [...node.classList].slice(0, 3).map((name) => `.${name}`);
    return `${node.localName}${id}${classes.join("")}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number;
      startTime: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }[]) {
      if (entry.hadRecentInput) continue;
      window.__shifts.push({
        value: entry.value,
        time: Math.round(entry.startTime),
        sources: entry.sources.map(
          ({ node, previousRect: a, currentRect: b }) =>
            `${describe(node)} moved (${Math.round(a.x)},${Math.round(a.y)} ${Math.round(a.width)}×${Math.round(a.height)})` +
            ` → (${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)})`,
        ),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/**
 * Scrolls to the bottom a viewport at a time, letting what each view brings in (lazy images, frames, ad
 * slots) settle before the next, then back to the top.
 */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = step; y < height + step; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await settled(page);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await frames(page);
}

/** How long each web font is held back, as on a slow network, so the page paints in the fallbacks. */
const FONT_DELAY_MS = 400;

async function cumulativeShift(page: Page, path: string) {
  await page.addInitScript(recordShifts);
  await page.route(/\.woff2(\?|$)/, async (route) => {
    await new Promise((done) => setTimeout(done, FONT_DELAY_MS));
    await route.continue();
  });
  const response = await page.goto(path);
  await settled(page);
  await scrollThrough(page);
  const shifts = await page.evaluate(() => window.__shifts);
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  const report = shifts.map((s) => `${s.value.toFixed(4)} at ${s.time} ms: ${s.sources.join("; ")}`);
  return { response, total, report };
}

for (const route of sitemapRoutes()) {
  test(`${route} does not shift its layout`, async ({ page }) => {
    const { total, report } = await cumulativeShift(page, route);
    expect(report, `CLS ${total.toFixed(3)} on ${route}`).toEqual([]);
  });
}

test.describe("404 page", () => {
  // The 404 page logs the missing path as an error on purpose (docs/decisions.md, "Routes").
  test.use({ allowErrors: true });
  test("does not shift its layout", async ({ page }) => {
    const { response, total, report } = await cumulativeShift(page, NOT_FOUND_PATH);
    expect(response?.status()).toBe(404);
    expect(report, `CLS ${total.toFixed(3)} on the 404 page`).toEqual([]);
  });
});

/**
 * A page is drawn as far as it has been parsed. Drawn halfway through the header, its right-aligned links stood
 * as far as they had arrived and the next frame moved them: a layout shift CI caught on a loaded machine
 * ("ul.mr-2.hidden.gap-4 moved (944,18 240×20) → (928,18 240×20)"). The header's right-hand group and its
 * navigation row each stay hidden until they are parsed whole (Whole.astro, `.drawn-whole` in global.css), and
 * nothing waits for them. Here a server of the test's own sends the home page in two pieces, the first ending
 * inside the header's right-hand group and the second half a second later (a slow network; the page's other files come from
 * the site as usual): the page paints before the rest arrives, no frame draws any of the header's links or
 * buttons before the group they were cut in is whole, and nothing moves.
 */
test("the header is never drawn half-built, and no paint waits for it", async ({ page, baseURL }) => {
  const html = readFileSync(join(distDir(), "index.html"), "utf-8");
  // Right after the group's first button (search), before the menu button: at every width something of the group
  // has arrived (the links too from 768px), right-aligned on what is there so far.
  const firstButton = html.indexOf("</button>", html.indexOf("<button", html.indexOf("<header")));
  expect(firstButton, "the header's search button").toBeGreaterThan(0);
  const cut = firstButton + "</button>".length;
  const server = createServer((request, response) => {
    if (request.url !== "/") {
      fetch(`${baseURL}${request.url}`)
        .then(async (upstream) => {
          response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" });
          response.end(Buffer.from(await upstream.arrayBuffer()));
        })
        .catch(() => response.writeHead(502).end());
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.write(html.slice(0, cut));
    setTimeout(() => response.end(html.slice(cut)), 500);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  try {
    const { port } = server.address() as AddressInfo;
    await page.addInitScript(() => {
      // (The init script runs before the document has a root element.)
      let shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shift += (entry as unknown as { value: number }).value;
        document.documentElement.dataset["shift"] = String(shift);
      }).observe({ type: "layout-shift", buffered: true });
      // Each frame until the right-hand group is whole: the header's links and buttons drawn so far, and whether
      // the page has painted.
      const seen: { drawn: number; painted: boolean }[] = [];
      const look = () => {
        // The right-hand group's end, the first in the header: the cut was inside that group.
        if (document.querySelector("header template[data-end]")) {
          document.documentElement.dataset["framesBefore"] = JSON.stringify(seen);
          return;
        }
        const controls = [...document.querySelectorAll("header :is(a, button)")].filter(
          (control) => control.getAttribute("href") !== "/",
        );
        seen.push({
          drawn: controls.filter((control) => control.checkVisibility({ visibilityProperty: true })).length,
          painted: performance.getEntriesByName("first-contentful-paint").length > 0,
        });
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.locator("html")).toHaveAttribute("data-frames-before");
    const before = JSON.parse((await page.locator("html").getAttribute("data-frames-before")) ?? "[]") as {
      drawn: number;
      painted: boolean;
    }[];
    expect(
      before.some((frame) => frame.painted),
      "the page painted before its header was whole",
    ).toBe(true);
    expect(
      before.filter((frame) => frame.drawn > 0),
      "frames that drew part of the header's links",
    ).toEqual([]);
    await expect(page.getByRole("banner").getByRole("button", { name: "Search the site" })).toBeVisible();
    expect(Number((await page.locator("html").getAttribute("data-shift")) ?? 0)).toBe(0);
  } finally {
    server.close();
  }
});

/** How `target` is drawn now: its values of `properties`, joined as the tests' init scripts join them. */
function drawnStyle(target: Locator, properties: string[]): Promise<string> {
  return target.evaluate((element, names) => {
    const style = getComputedStyle(element);
    return names.map((name) => style.getPropertyValue(name)).join(" ");
  }, properties);
}

/**
 * Whether `target` would be drawn otherwise with the page's later stylesheet (`link[data-split]`) switched off:
 * that its styles really come from there.
 */
function styledByLaterSheet(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const link = document.querySelector<HTMLLinkElement>("link[data-split]");
    if (!link) return false;
    const styles = () =>
      JSON.stringify([...getComputedStyle(element)].map((name) => getComputedStyle(element).getPropertyValue(name)));
    const withSheet = styles();
    link.disabled = true;
    const without = styles();
    link.disabled = false;
    return withSheet !== without;
  });
}

/**
 * On a page that fits the first round trip only without them, and whose first screen ends inside an island (where
 * no link may go: /calculator's form), the island and what follows it take their styles from a stylesheet linked
 * right before the island, at low priority, so that no first paint waits for it (scripts/postbuild.mjs). Held back
 * here until the page has painted: the header of its `<main>` (its standfirst, the largest paint) is drawn without
 * it, the parser reads no further until it has loaded, and the island's form and the footer are drawn with their
 * own styles from their first frame. The island then hydrates as ever. The page is the first of the build's that
 * has one.
 */
const islandSplitRoute = sitemapRoutes().find((route) =>
  /<link data-split rel="stylesheet" href="\/_astro\/before-island\.[\w-]+\.css" fetchpriority="low"><astro-island /.test(
    readFileSync(join(distDir(), route, "index.html"), "utf-8"),
  ),
);
test("an island past the first screen waits for its own stylesheet, which holds up no paint", async ({ page }) => {
  test.skip(islandSplitRoute === undefined, "no page of this build has a stylesheet before an island");
  const release = await holdBack(page, /\/_astro\/before-island\.[\w-]+\.css$/);
  const look = ["display", "width", "padding-top", "border-top-width", "font-size"];
  await page.addInitScript((properties) => {
    // The first frame that has the island's first field and the footer: how each is drawn then.
    const watch = () => {
      const field = document.querySelector("astro-island input");
      const footer = document.querySelector("footer > div");
      if (!field || !footer) requestAnimationFrame(watch);
      else {
        const style = getComputedStyle(field);
        document.documentElement.dataset["fieldFirstDrawn"] = properties
          .map((name) => style.getPropertyValue(name))
          .join(" ");
        document.documentElement.dataset["footerFirstDrawn"] = getComputedStyle(footer).paddingTop;
      }
    };
    requestAnimationFrame(watch);
  }, look);
  await page.goto(islandSplitRoute ?? "/", { waitUntil: "commit" });
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length)).toBe(1);
  await expect(page.locator("main header p").last()).toBeVisible();
  await expect(page.locator("astro-island")).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);
  release();
  await expect(page.locator("html")).toHaveAttribute("data-field-first-drawn");
  const field = page.locator("astro-island input").first();
  expect(await page.locator("html").getAttribute("data-field-first-drawn")).toBe(await drawnStyle(field, look));
  // The styles are really the stylesheet's: without it, the field would be drawn otherwise.
  expect(await styledByLaterSheet(field)).toBe(true);
  // The footer's padding (`py-12`, only it uses), from its first frame.
  await expect(page.locator("html")).toHaveAttribute("data-footer-first-drawn", "48px");
  await hydrated(page, (await page.locator("link[data-split] + astro-island").getAttribute("component-export")) ?? "");
});

/**
 * A page too long for the first round trip even without its footer's styles may fit it without the styles of what
 * follows its first screen: the header of its `<main>` and the first section after it (a lesson's key takeaways).
 * Those come from a stylesheet linked right there (scripts/postbuild.mjs). Held back here: the page paints its first
 * screen without it, the parser reads no further until it has loaded, and what follows is drawn with its own styles
 * from its first frame.
 */
const sectionSplitRoute = sitemapRoutes().find((route) =>
  /<\/section><link data-split rel="stylesheet" href="\/_astro\/after-section\./.test(
    readFileSync(join(distDir(), route, "index.html"), "utf-8"),
  ),
);
test("what follows a long page's first screen waits for its own stylesheet, which holds up no paint", async ({
  page,
}) => {
  test.skip(sectionSplitRoute === undefined, "no page of this build has a stylesheet after its first screen");
  const release = await holdBack(page, /\/_astro\/after-section\.[\w-]+\.css$/);
  const look = ["display", "margin-top", "padding-top", "border-top-width", "font-size", "max-width"];
  await page.addInitScript((properties) => {
    // The first frame that has the element after the link: how it is drawn then.
    const watch = () => {
      const next = document.querySelector("link[data-split] + *");
      if (!next) requestAnimationFrame(watch);
      else {
        const style = getComputedStyle(next);
        document.documentElement.dataset["laterFirstDrawn"] = properties
          .map((name) => style.getPropertyValue(name))
          .join(" ");
      }
    };
    requestAnimationFrame(watch);
  }, look);
  await page.goto(sectionSplitRoute ?? "/", { waitUntil: "commit" });
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length)).toBe(1);
  await expect(page.locator("main h1")).toBeVisible();
  // The first screen is there without it: the section the link follows (the key takeaways) is drawn already.
  await expect(page.locator("main section:has(+ link[data-split])")).toBeVisible();
  await expect(page.locator("link[data-split] + *")).toHaveCount(0);
  release();
  await expect(page.locator("html")).toHaveAttribute("data-later-first-drawn");
  const next = page.locator("link[data-split] + *");
  expect(await page.locator("html").getAttribute("data-later-first-drawn")).toBe(await drawnStyle(next, look));
  // And the styles are really its own: without the stylesheet, the element would be drawn otherwise.
  expect(await styledByLaterSheet(next)).toBe(true);
  // What follows <main> too, outside the element the link sits in: the footer's padding (`py-12`, only it uses).
  await expect(page.locator("footer > div").first()).toHaveCSS("padding-top", "48px");
});

/**
 * Byte offsets where a network packet may end inside each visible table of a page's `<main>`: after its head,
 * after the first row's first cell, after the first row and halfway through the body. (A visually hidden table,
 * a chart's data for screen readers, cannot be seen to move.)
 */
function cutsInTables(html: string): number[] {
  const cuts: number[] = [];
  for (
    let start = html.indexOf("<table", html.indexOf("<main"));
    start !== -1;
    start = html.indexOf("<table", start + 1)
  ) {
    if (/class="[^"]*\bsr-only\b[^"]*"[^<]*>\s*$/.test(html.slice(start - 200, start))) continue;
    const table = html.slice(start, html.indexOf("</table>", start));
    const after = (tag: string, from = 0) => {
      const at = table.indexOf(tag, from);
      return at === -1 ? -1 : at + tag.length;
    };
    const body = Math.max(table.indexOf("<tbody"), 0);
    const rowEnds = [...table.slice(body).matchAll(/<\/tr>/g)].map((match) => body + match.index + "</tr>".length);
    const firstCell = Math.min(...["</th>", "</td>"].map((tag) => after(tag, body)).filter((at) => at > 0));
    for (const at of [after("</thead>"), firstCell, rowEnds[0], rowEnds[Math.floor(rowEnds.length / 2)]]) {
      if (at !== undefined && at > 0 && Number.isFinite(at)) cuts.push(start + at);
    }
  }
  return [...new Set(cuts)];
}

/**
 * A page reaches the browser in pieces (the first round trip holds ≈14 KB) and the browser lays out what it has
 * parsed so far. A table whose column widths follow its content shifts when later rows bring longer cells, and a
 * row's first cell moves when a taller neighbour arrives. Each page with a visible table is loaded cut short at
 * the points above (scripts off: only the parser's view counts), and every cell already there and in view (not
 * in a closed `<details>`) must sit where it sits in the whole page.
 */
test.describe("tables while the page streams in", () => {
  test.use({ javaScriptEnabled: false });
  // Both loads in the fallback fonts: with `font-display: optional` a web font that arrives within its short
  // block period is used and one that does not is not, so on a busy machine the whole page and a cut one could
  // be laid out in different fonts (a 68ch column at another width), which is not what this test is about.
  test.beforeEach(async ({ page }) => {
    await page.route("**/*.woff2", (request) => request.abort());
  });

  const visibleCells = (page: Page) =>
    page.locator("main table :is(th, td)").evaluateAll((cells) =>
      cells
        .filter((cell) => cell.checkVisibility() && !cell.closest(".sr-only"))
        .map((cell) => {
          // Where the cell starts and how wide it is, and where its content starts (a row growing is no shift,
          // but the content of a vertically centred cell moving down with it is).
          const box = cell.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(cell);
          const content = range.getBoundingClientRect();
          const at = [box.x, box.y, box.width, content.x, content.y].map(Math.round).join(",");
          return `${cell.textContent?.trim().slice(0, 24)}: ${at}`;
        }),
    );

  for (const route of sitemapRoutes()) {
    const html = readFileSync(join(distDir(), route, "index.html"), "utf-8");
    const cuts = cutsInTables(html);
    if (cuts.length === 0) continue;
    test(`${route} keeps its table cells in place`, async ({ page }) => {
      await page.goto(route);
      const whole = await visibleCells(page);
      for (const cut of cuts) {
        await page.route(route, (request) =>
          request.fulfill({ contentType: "text/html; charset=utf-8", body: html.slice(0, cut) }),
        );
        await page.goto(route);
        const partial = await visibleCells(page);
        expect(partial.length, `cells parsed before byte ${cut}`).toBeGreaterThan(0);
        expect(partial, `${route} cut at byte ${cut}`).toEqual(whole.slice(0, partial.length));
        await page.unroute(route);
      }
    });
  }
});
