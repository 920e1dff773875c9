/**
 * Nothing on a page's first screen moves as the rest of the page arrives. A browser draws a page as far as it has
 * parsed it whenever a frame is due: where a packet ends, or where a busy parser stops for a moment (on a slow phone,
 * or in these tests under load, where the glossary's search icon was once drawn before its box and moved 24 px).
 * The layout-stability gate (cls.spec.ts) sees such a frame only when one happens to fall there; this test draws
 * them all. It lays the page out cut after each tag, as the parser would have it there (its open elements closed),
 * and compares where each element on the first screen is with where the whole page puts it.
 *
 * What counts is what Chromium counts as a layout shift: a visible element moved by 1 px or more, whether or not
 * it draws anything of its own (CI caught /radio's status column moving, an empty box over invisible text). An
 * inline element that moves down a line as the words after it arrive is not counted: that is every browser's text
 * wrapping as it comes, on every site. One moving along its line is (a centred line, drawn as far as it had come).
 *
 * The page is laid out with its scripts off, and for a visitor with JavaScript with the head script's classes
 * applied by hand, so no island or script changes it between the cuts, in the fallback fonts a first visit paints
 * in. A cut near an element of the first screen is laid out; elsewhere (the rest of a long lesson, before the
 * sidebar that shows beside it) one in eight, to bound the time.
 */
import { NOT_FOUND_PATH, sitemapRoutes } from "../../scripts/lib/dist.mjs";
import { expect, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

/** A page's tokens: comments, elements whose text is raw (a script, a style) whole, start tags and end tags. */
const TOKEN =
  /<!--[\s\S]*?-->|<(script|style)\b(?:"[^"]*"|'[^']*'|[^'">])*>[\s\S]*?<\/\1\s*>|<[a-zA-Z][^\s/>]*(?:"[^"]*"|'[^']*'|[^'">])*>|<\/[a-zA-Z][^>]*>/g;

/**
 * The body's markup with each start tag numbered in order (`data-i`), and after each tag the offset of a cut and
 * the number of the last element begun before it.
 */
function numbered(body: string): { html: string; cuts: { at: number; newest: number }[] } {
  let html = "";
  let from = 0;
  let count = 0;
  const cuts: { at: number; newest: number }[] = [];
  for (const match of body.matchAll(TOKEN)) {
    const token = match[0];
    html += body.slice(from, match.index);
    from = match.index + token.length;
    if (/^<[a-zA-Z]/.test(token)) {
      const end = token.indexOf(">", token.match(/^<[a-zA-Z](?:"[^"]*"|'[^']*'|[^'">])*/)?.[0].length ?? 0);
      const close = token[end - 1] === "/" ? end - 1 : end;
      html += `${token.slice(0, close)} data-i="${count}"${token.slice(close)}`;
      count++;
    } else html += token;
    cuts.push({ at: html.length, newest: count - 1 });
  }
  return { html: html + body.slice(from), cuts };
}

/** The test for one page: each of its cuts laid out, with JavaScript's classes and without. */
function arrives(route: string) {
  test(`${route}: nothing on the first screen moves as the rest of the page arrives`, async ({ page }) => {
    await page.route(/\.woff2(\?|$)/, (request) => request.abort());
    const response = await page.goto(route);
    const source = (await response?.text()) ?? "";
    const open = source.indexOf(">", source.search(/<body[\s>]/)) + 1;
    const { html, cuts } = numbered(source.slice(open, source.lastIndexOf("</body>")));

    for (const scripts of [true, false]) {
      const moved = await page.evaluate(
        ({ html, cuts, scripts }) => {
          const root = document.documentElement;
          root.classList.toggle("no-js", !scripts);
          root.classList.toggle("fonts-later", scripts);
          const { body } = document;
          const onScreen = (rect: DOMRect) =>
            rect.width * rect.height > 1 && rect.top < innerHeight && rect.bottom > 0 && rect.left < innerWidth;
          // Where the whole page puts each visible element of the first screen, and whether it is inline.
          body.innerHTML = html;
          const final = new Map<string, { rect: DOMRect; inline: boolean }>();
          for (const element of body.querySelectorAll("[data-i]")) {
            const rect = element.getBoundingClientRect();
            if (!onScreen(rect) || !element.checkVisibility({ visibilityProperty: true })) continue;
            final.set(element.getAttribute("data-i") ?? "", {
              rect,
              inline: getComputedStyle(element).display === "inline",
            });
          }
          const last = Math.max(...[...final.keys()].map(Number));
          const report: string[] = [];
          const reported = new Set<string>();
          let laidOut = 0;
          cuts.forEach(({ at, newest }, index) => {
            if (newest > last) return;
            if (!final.has(String(newest)) && index % 8 !== 0) return;
            body.innerHTML = html.slice(0, at);
            laidOut++;
            for (const element of body.querySelectorAll("[data-i]")) {
              const whole = final.get(element.getAttribute("data-i") ?? "");
              if (!whole) continue;
              const rect = element.getBoundingClientRect();
              const dx = Math.abs(rect.x - whole.rect.x);
              const dy = Math.abs(rect.y - whole.rect.y);
              const shifted = whole.inline ? dx >= 1 && dy < 1 : dx >= 1 || dy >= 1;
              if (!shifted || !onScreen(rect) || !element.checkVisibility({ visibilityProperty: true })) continue;
              if (reported.has(element.getAttribute("data-i") ?? "")) break;
              reported.add(element.getAttribute("data-i") ?? "");
              const classes = [...element.classList].slice(0, 4).map((name) => `.${name}`);
              report.push(
                `${element.localName}${classes.join("")} drawn at (${Math.round(rect.x)}, ${Math.round(rect.y)}), ` +
                  `then at (${Math.round(whole.rect.x)}, ${Math.round(whole.rect.y)}), when the page had arrived up to ` +
                  `"${html
                    .slice(0, at)
                    .replace(/ data-i="\d+"/g, "")
                    .slice(-60)}"`,
              );
              break;
            }
          });
          return { report, laidOut, onScreen: final.size };
        },
        { html, cuts, scripts },
      );
      const state = scripts ? "with JavaScript" : "without JavaScript";
      // Not a pass for want of anything to look at: a first screen of elements, and the page cut many ways.
      expect(moved.onScreen, `elements on the first screen, ${state}`).toBeGreaterThan(10);
      expect(moved.laidOut, `cuts laid out, ${state}`).toBeGreaterThan(30);
      expect(moved.report, state).toEqual([]);
    }
  });
}

for (const route of sitemapRoutes()) arrives(route);

test.describe("404 page", () => {
  // Chromium reports the page's own 404 status as a console error.
  test.use({ allowErrors: true });
  arrives(NOT_FOUND_PATH);
});
