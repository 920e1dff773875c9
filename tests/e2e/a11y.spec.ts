/**
 * The accessibility gate: axe-core on every route of the build's
 * sitemap and on the 404 page, at 390px and 1280px (the two projects), in the
 * light and the dark colour scheme: zero violations of WCAG 2.0–2.2 A/AA and
 * axe's best practices.
 *
 * The dark scheme changes nothing but colours: it redefines the `--color-*` tokens (src/styles/global.css),
 * and no markup or script asks for the scheme. So the page's elements, names, roles and layout are the ones
 * the light sweep checked, and in the dark only axe's colour rules can find something new: the dark sweep
 * runs those, after checking on the page itself that its stylesheets still change colours only (the checks
 * below fail the day a dark rule sets anything else, and the sweep must then run every rule again). A dark
 * scan takes about 1 s less than a light one (5.6 s against 6.6 s per test in one run on the build machine).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { NOT_FOUND_PATH, sitemapRoutes } from "../../scripts/lib/dist.mjs";
import { ROUTES, expect, settled, test, axe } from "./fixtures";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
/** The rules among TAGS whose outcome depends on colours (axe-core 4.13: `axe.getRules(TAGS)`). */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
const routes = sitemapRoutes();

type Scheme = "light" | "dark";

/** axe's violations as one line per rule and element, so a failure names the page, the rule and the figure. */
async function violations(page: Page, include?: string, rules?: string[]): Promise<string[]> {
  const builder = axe(page);
  if (rules) builder.withRules(rules);
  else builder.withTags(TAGS);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const detail = [...node.any, ...node.all, ...node.none].map((check) => check.message).join("; ");
      return `${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${violation.help}. ${detail}`;
    }),
  );
}

/**
 * What the page's stylesheets set under a `prefers-color-scheme` query other than a colour token (a custom
 * property whose value is a colour: the build may shorten `--color-ink` to `--m`), as
 * "media → selector { property }" lines: empty when the scheme changes colours only.
 */
async function schemeRulesBeyondColours(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visit = (rules: CSSRuleList, inScheme: string | null) => {
      for (const rule of rules) {
        const media = rule instanceof CSSMediaRule ? rule.media.mediaText : "";
        const scheme = /prefers-color-scheme/.test(media) ? media : inScheme;
        if (scheme && rule instanceof CSSStyleRule) {
          for (const property of rule.style) {
            const colour = property.startsWith("--") && CSS.supports("color", rule.style.getPropertyValue(property));
            if (!colour) found.push(`${scheme} → ${rule.selectorText} { ${property} }`);
          }
        }
        if ("cssRules" in rule) visit(rule.cssRules as CSSRuleList, scheme);
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules, null);
    return found;
  });
}

/** Source files under src/ that mention the colour scheme, but for the stylesheet of tokens and `<meta media>`. */
function sourcesAskingForTheScheme(directory = "src"): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourcesAskingForTheScheme(path);
    if (path === join("src", "styles", "global.css")) return [];
    const lines = readFileSync(path, "utf8").split("\n");
    const asking = lines.filter(
      (line) => /prefers-color-scheme|light-dark\(|\bdark:/.test(line) && !/<meta /.test(line),
    );
    return asking.length > 0 ? [`${path}: ${asking.map((line) => line.trim()).join(" | ")}`] : [];
  });
}

/** Loads a page in a colour scheme and waits for its final look: fonts, embeds past their skeleton, islands. */
async function open(page: Page, path: string, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  const response = await page.goto(path);
  await settled(page);
  return response;
}

/**
 * axe on the page: every rule in the light scheme; in the dark, the colour rules, once the page's stylesheets
 * have been seen to change nothing else there.
 */
async function sweep(page: Page, scheme: Scheme, include?: string): Promise<string[]> {
  if (scheme === "light") return violations(page, include);
  expect(await schemeRulesBeyondColours(page), "dark-scheme rules that set more than a colour token").toEqual([]);
  return violations(page, include, COLOUR_RULES);
}

test("the sitemap lists every route, so the sweep covers them all", () => {
  expect(routes).toEqual(expect.arrayContaining([...ROUTES]));
});

test("no markup or script depends on the colour scheme, so the dark scheme differs in colours only", () => {
  expect(sourcesAskingForTheScheme()).toEqual([]);
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`axe, ${scheme} colour scheme`, () => {
    for (const route of routes) {
      test(`${route} has no violations`, async ({ page }) => {
        await open(page, route, scheme);
        expect(await sweep(page, scheme), `axe on ${route} (${scheme})`).toEqual([]);
      });
    }

    test.describe("404 page", () => {
      // The 404 page logs the missing path as an error on purpose (docs/decisions.md, "Routes").
      test.use({ allowErrors: true });
      test("has no violations", async ({ page }) => {
        const response = await open(page, NOT_FOUND_PATH, scheme);
        expect(response?.status()).toBe(404);
        expect(await sweep(page, scheme), `axe on the 404 page (${scheme})`).toEqual([]);
      });
    });

    // The page under the open panel was checked closed above; here the header and its menu are what changed.
    test("the open mobile menu has no violations @mobile", async ({ page }) => {
      await open(page, "/", scheme);
      await page.getByRole("button", { name: "Toggle menu" }).click();
      await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
      expect(await sweep(page, scheme, "header"), `axe on / with the menu open (${scheme})`).toEqual([]);
    });
  });
}

/**
 * WCAG 1.4.12: a reader's own style sheet may set line height 1.5, letter spacing 0.12em and word spacing 0.16em,
 * and nothing may then be lost or overlap. Applied through the CSSOM (the page's policy refuses a <style>). What
 * such spacing breaks is what has a fixed width: the fixed-layout tables' columns and the charts' labels.
 */
test.describe("with the text spacing WCAG 1.4.12 allows", () => {
  for (const route of routes) {
    test(`on ${route}, no table cell's text runs out of its cell, no chart label into another or off the screen @mobile`, async ({
      page,
    }) => {
      await page.goto(route);
      await page.evaluate(() => {
        for (const element of document.querySelectorAll<HTMLElement | SVGElement>("body *")) {
          element.style.setProperty("line-height", "1.5", "important");
          element.style.setProperty("letter-spacing", "0.12em", "important");
          element.style.setProperty("word-spacing", "0.16em", "important");
        }
      });
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        const name = (element: Element) => (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        for (const cell of document.querySelectorAll("main table th, main table td")) {
          const box = cell.getBoundingClientRect();
          if (box.width === 0) continue; // a table for screen readers only
          const range = document.createRange();
          range.selectNodeContents(cell);
          for (const line of range.getClientRects()) {
            if (line.width > 0 && (line.left < box.left - 1 || line.right > box.right + 1)) {
              found.push(`cell "${name(cell)}" runs out of its cell (${Math.round(line.right - box.right)} px)`);
              break;
            }
          }
        }
        for (const chart of document.querySelectorAll("figure[data-chart] svg")) {
          // A text's box is its font's whole line, ascender to descender; the letters fill less of it, so each box is
          // trimmed by 15% at the top and the bottom (two labels on lines one above the other do not overlap).
          const labels = [...chart.querySelectorAll("text")].map((text) => {
            const { left, right, top, bottom, height } = text.getBoundingClientRect();
            return { text, box: { left, right, top: top + height * 0.15, bottom: bottom - height * 0.15 } };
          });
          // A label past the drawing's edge is cut off unless the drawing lets it show; none may leave the screen.
          const drawing = chart.getBoundingClientRect();
          const clips = getComputedStyle(chart).overflow !== "visible";
          for (const { text, box } of labels) {
            const outside = box.left < drawing.left - 1 || box.right > drawing.right + 1;
            if ((clips && outside) || box.left < 0 || box.right > document.documentElement.clientWidth) {
              found.push(`label "${name(text)}" is cut off`);
            }
          }
          // A label drawn in the page's colour on a bar is lost where it runs past the bar, unless it is outlined.
          // The page's colour as computed styles write it (rgb(…)), read off an element painted in it.
          const probe = document.createElement("span");
          probe.style.color = "var(--color-paper)";
          chart.parentElement!.append(probe);
          const paper = getComputedStyle(probe).color;
          probe.remove();
          for (const { text, box } of labels) {
            const bar = text.previousElementSibling;
            if (!(bar instanceof SVGRectElement) || getComputedStyle(text).stroke !== "none") continue;
            if (getComputedStyle(text).fill !== paper) continue;
            const edges = bar.getBoundingClientRect();
            if (box.left < edges.left - 1 || box.right > edges.right + 1)
              found.push(`label "${name(text)}" runs off its bar`);
          }
          labels.forEach((a, index) => {
            for (const b of labels.slice(index + 1)) {
              const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
              const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
              if (width > 1 && height > 1) found.push(`labels "${name(a.text)}" and "${name(b.text)}" overlap`);
            }
          });
        }
        return found;
      });
      expect(problems).toEqual([]);
    });
  }
});

/** WCAG 1.4.3 for what axe leaves out: a placeholder (the search dialog's field has no other visible label). */
test("every field's placeholder reads at 4.5:1 or more against the field, in both colour schemes", async ({ page }) => {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The site search's field is on every page; the glossary's and the subscribe form's on these two.
    for (const route of ["/resources", "/contact"]) {
      await page.goto(route);
      const ratios = await page.evaluate(() => {
        // Any CSS colour as the sRGB pixel it paints over the field's background (a placeholder may be translucent).
        const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
        const paint = (...colours: string[]) => {
          for (const colour of colours) {
            context.fillStyle = colour;
            context.fillRect(0, 0, 1, 1);
          }
          return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
        };
        const luminance = (rgb: number[]) => {
          const [r, g, b] = rgb.map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        return [...document.querySelectorAll<HTMLInputElement>("input[placeholder]")].map((field) => {
          const background = getComputedStyle(field).backgroundColor;
          const text = luminance(paint(background, getComputedStyle(field, "::placeholder").color));
          const ground = luminance(paint(background));
          const ratio = (Math.max(text, ground) + 0.05) / (Math.min(text, ground) + 0.05);
          return `${field.id || field.name}: ${ratio >= 4.5 ? "at least 4.5:1" : ratio.toFixed(2)}`;
        });
      });
      expect(ratios.length, route).toBeGreaterThan(1);
      for (const ratio of ratios) expect(ratio, `${route}, ${scheme}`).toMatch(/at least 4\.5:1$/);
    }
  }
});
