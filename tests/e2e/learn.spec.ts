/**
 * The lessons under /learn and the teaching parts they share with the explainers: Key takeaways, Check yourself,
 * Sources, Last reviewed, and glossary terms whose definition opens in place. All of it works without JavaScript.
 */
import { readdirSync, readFileSync } from "node:fs";
import { enhanced, expect, test } from "./fixtures";

/** A teaching page as its MDX file states it: the few front-matter lines the tests compare the page with. */
interface TeachingFile {
  route: string;
  /** The page's h1: a lesson's `title`, an explainer's `heading`. */
  heading: string;
  lastReviewed: string;
  takeaways: number;
  questions: number;
  sources: number;
}

interface LessonFile extends TeachingFile {
  slug: string;
  order: number;
}

function frontMatter(file: string): string {
  const match = /^---\n([\s\S]*?)\n---/.exec(readFileSync(file, "utf-8"));
  if (!match?.[1]) throw new Error(`${file} has no front matter`);
  return match[1];
}

/** Items of a top-level YAML list (`key:` followed by `  - …` lines); quiz items start with `- question:`. */
function listLength(yaml: string, key: string): number {
  const block = new RegExp(`^${key}:\\n((?:[ ]+.*\\n?)*)`, "m").exec(yaml)?.[1] ?? "";
  return block.split("\n").filter((line) => /^ {2}- /.test(line)).length;
}

function field(yaml: string, key: string): string {
  const value = new RegExp(`^${key}: *(.*)$`, "m").exec(yaml)?.[1]?.trim() ?? "";
  return value.replace(/^"(.*)"$/, "$1");
}

function teachingFile(yaml: string, route: string, heading: string): TeachingFile {
  return {
    route,
    heading,
    lastReviewed: field(yaml, "lastReviewed"),
    takeaways: listLength(yaml, "takeaways"),
    questions: listLength(yaml, "quiz"),
    sources: listLength(yaml, "sources"),
  };
}

const mdxFiles = (folder: string) => readdirSync(folder).filter((name) => name.endsWith(".mdx"));

const LESSONS: LessonFile[] = mdxFiles("content/learn")
  .map((name) => {
    const yaml = frontMatter(`content/learn/${name}`);
    const slug = name.replace(/\.mdx$/, "");
    return { ...teachingFile(yaml, `/learn/${slug}`, field(yaml, "title")), slug, order: Number(field(yaml, "order")) };
  })
  .sort((a, b) => a.order - b.order);

/**
 * The explainers: the pages under content/pages whose front matter carries the teaching fields (src/content.ts,
 * getExplainer, fails the build when one of its pages lacks them; the other pages have none).
 */
const EXPLAINERS: TeachingFile[] = mdxFiles("content/pages")
  .map((name) => ({ name, yaml: frontMatter(`content/pages/${name}`) }))
  .filter(({ yaml }) => /^takeaways:/m.test(yaml))
  .map(({ name, yaml }) => teachingFile(yaml, `/${name.replace(/\.mdx$/, "")}`, field(yaml, "heading")));

/** Every page that teaches: the lessons, then the explainers. */
const TEACHING: TeachingFile[] = [...LESSONS, ...EXPLAINERS];

/** Where the glossary popovers are tried: the first lesson and one explainer. */
const POPOVER_ROUTES = [LESSONS[0]!.route, "/strategies"];

/** A review date as a reader sees it, e.g. "November 25, 2026" for 2026-11-25. */
const longDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/learn lists every lesson in order, each linking to its page", async ({ page }) => {
    expect(LESSONS.length).toBeGreaterThan(0);
    await page.goto("/learn");
    const list = page
      .getByRole("main")
      .getByRole("list")
      .filter({ has: page.getByRole("heading", { level: 2 }) });
    const links = list.getByRole("heading", { level: 2 }).getByRole("link");
    await expect(links).toHaveText(LESSONS.map((lesson) => lesson.heading));
    for (const [index, lesson] of LESSONS.entries())
      await expect(links.nth(index)).toHaveAttribute("href", lesson.route);
  });

  test("the teaching pages read from the content files include explainers and every route the popovers are tried on", () => {
    expect(EXPLAINERS.length).toBeGreaterThan(0);
    for (const route of POPOVER_ROUTES) expect(TEACHING.map((teaching) => teaching.route)).toContain(route);
  });

  for (const teaching of TEACHING) {
    test(`${teaching.route} shows its takeaways, a worked example, questions, sources and review date`, async ({
      page,
    }) => {
      const response = await page.goto(teaching.route);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(teaching.heading);
      const main = page.getByRole("main");

      const takeaways = main.getByRole("region", { name: "Key takeaways" });
      await expect(takeaways.getByRole("listitem")).toHaveCount(teaching.takeaways);
      // At the top: before the page's first section heading of its own.
      const firstHeading = main.getByRole("heading", { level: 2 }).first();
      await expect(firstHeading).toHaveText("Key takeaways");
      await expect(main.getByRole("heading", { name: /^Worked example/, level: 2 }).first()).toBeVisible();

      const quiz = main.getByRole("region", { name: "Check yourself" });
      expect(teaching.questions).toBeGreaterThanOrEqual(3);
      expect(teaching.questions).toBeLessThanOrEqual(5);
      const answers = quiz.locator("details");
      await expect(answers).toHaveCount(teaching.questions);
      for (const answer of await answers.all()) {
        await expect(answer).not.toHaveAttribute("open");
        await expect(answer.locator("p")).toBeHidden();
      }
      await answers.first().getByText("Show the answer", { exact: true }).click();
      await expect(answers.first().locator("p")).toBeVisible();

      const sources = main.getByRole("region", { name: "Sources" }).getByRole("link");
      await expect(sources).toHaveCount(teaching.sources);
      for (const link of await sources.all()) {
        await expect(link).toHaveAttribute("href", /^https:\/\//);
        await expect(link).toHaveAttribute("target", "_blank");
      }

      const reviewed = page
        .getByRole("banner")
        .or(main)
        .getByText(/Last reviewed/);
      await expect(reviewed).toBeVisible();
      await expect(reviewed.locator("time")).toHaveAttribute("datetime", teaching.lastReviewed);
      await expect(reviewed.locator("time")).toHaveText(longDate(teaching.lastReviewed));
      if (teaching.route.startsWith("/learn/"))
        await expect(main.getByRole("link", { name: teaching.heading, exact: true })).toHaveAttribute(
          "aria-current",
          "page",
        );
    });
  }

  test("a Check yourself answer opens and closes with its summary, which says which it will do", async ({ page }) => {
    await page.goto(LESSONS[0]!.route);
    const quiz = page.getByRole("main").getByRole("region", { name: "Check yourself" });
    const summary = quiz.locator("details").first().locator("summary");
    const answer = quiz.locator("details").first().locator("p");
    await expect(answer).toBeHidden();
    await expect(summary).toHaveAccessibleName("Show the answer to question 1");
    await summary.click();
    await expect(answer).toBeVisible();
    await expect(quiz.locator("details").first()).toHaveAttribute("open", "");
    await expect(summary).toHaveAccessibleName("Hide the answer to question 1");
    await expect(summary).toHaveText("Hide the answer to question 1", { useInnerText: true });
    await summary.click();
    await expect(answer).toBeHidden();
    await expect(summary).toHaveAccessibleName("Show the answer to question 1");
  });

  for (const teaching of TEACHING) {
    test(`on ${teaching.route}, every glossary entry the page links to shows its definition in place`, async ({
      page,
    }) => {
      await page.goto(teaching.route);
      const main = page.getByRole("main");
      const hrefs = (selector: string) =>
        main.locator(selector).evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")))]);
      const linked = await hrefs('a[href^="/resources#"]');
      expect(linked.length).toBeGreaterThan(0);
      // A link the author wrote to an entry counts as the term's first mention, as a term in the text does.
      expect(new Set(await hrefs('a[href^="/resources#"][interestfor]'))).toEqual(new Set(linked));
    });
  }

  for (const route of POPOVER_ROUTES) {
    test(`on ${route}, glossary terms link to their entry on /resources, once per page, never inside a heading`, async ({
      page,
    }) => {
      await page.goto(route);
      const main = page.getByRole("main");
      const terms = main.locator("a[interestfor]");
      expect(await terms.count()).toBeGreaterThan(0);
      const hrefs = await terms.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(new Set(hrefs).size).toBe(hrefs.length);
      for (const href of hrefs) expect(href).toMatch(/^\/resources#[a-z0-9-]+$/);
      await expect(main.locator("h1 a[interestfor], h2 a[interestfor], h3 a[interestfor]")).toHaveCount(0);
      // The anchor is a real glossary entry.
      await page.goto(hrefs[0]!);
      await expect(page.locator(`[data-term-id="${hrefs[0]!.split("#")[1]}"]`)).toHaveCount(1);
    });

    test(`on ${route}, a glossary definition opens on hover and closes with Escape @desktop`, async ({ page }) => {
      await page.goto(route);
      const term = page.getByRole("main").locator("a[interestfor]").first();
      const tip = page.locator(`#${await term.getAttribute("interestfor")}`);
      await expect(tip).toBeHidden();
      await term.hover();
      await expect(tip).toBeVisible();
      await expect(tip).toHaveRole("tooltip");
      await page.keyboard.press("Escape");
      await expect(tip).toBeHidden();
    });

    test(`on ${route}, a glossary definition opens on keyboard focus and closes with Escape @desktop`, async ({
      page,
    }) => {
      await page.goto(route);
      const term = page.getByRole("main").locator("a[interestfor]").first();
      const tip = page.locator(`#${await term.getAttribute("interestfor")}`);
      await term.focus();
      await expect(term).toBeFocused();
      await expect(tip).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(tip).toBeHidden();
    });

    test(`on ${route}, a glossary definition stays on a screen too short for it (a page zoomed to 400%) @desktop`, async ({
      page,
    }) => {
      // 1280 × 800 at 400%: 320 × 200 CSS pixels, the size WCAG 1.4.10 asks a page to work at.
      await page.setViewportSize({ width: 320, height: 200 });
      await page.goto(route);
      for (const index of [0, 3]) {
        const button = page
          .getByRole("main")
          .getByRole("button", { name: /^Definition of / })
          .nth(index);
        await button.click();
        const tip = page.locator(`#${await button.getAttribute("popovertarget")}`);
        await expect(tip).toBeVisible();
        const box = (await tip.boundingBox())!;
        expect(box.y, "its top on the screen").toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, "its bottom on the screen").toBeLessThanOrEqual(200);
        expect(box.x + box.width, "its right edge on the screen").toBeLessThanOrEqual(320);
        // What does not fit scrolls inside it, to its last line.
        await tip.evaluate((element) => element.scrollTo(0, element.scrollHeight));
        const last = await tip.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const rects = range.getClientRects();
          return rects[rects.length - 1]!.bottom;
        });
        expect(last, "its last line can be brought into view").toBeLessThanOrEqual(box.y + box.height);
        await page.keyboard.press("Escape");
        await expect(tip).toBeHidden();
      }
    });

    test(`on ${route}, a glossary definition opens and closes with a tap on its button @mobile`, async ({ page }) => {
      await page.goto(route);
      const button = page
        .getByRole("main")
        .getByRole("button", { name: /^Definition of / })
        .first();
      const tip = page.locator(`#${await button.getAttribute("popovertarget")}`);
      await expect(tip).toBeHidden();
      await button.tap();
      await expect(tip).toBeVisible();
      const box = await tip.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await button.tap();
      await expect(tip).toBeHidden();
      await button.tap();
      await expect(tip).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(tip).toBeHidden();
    });
  }
});

test("a lesson loads no React", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto(LESSONS[0]!.route, { waitUntil: "networkidle" });
  expect(scripts.filter((url) => /client|react/i.test(url))).toEqual([]);
});

test.describe("a definition opened from the keyboard", () => {
  for (const route of POPOVER_ROUTES) {
    test(`on ${route}, a definition opened from the keyboard closes as the focus moves on, uncovering it @mobile`, async ({
      page,
    }) => {
      await page.goto(route);
      // A definition's button whose next stop is not a term with a definition of its own (that one's opening would
      // close this one): what the reader tabs to, a plain link or the next control, is what it could cover.
      const index = await page.evaluate(() => {
        const stops = [...document.querySelectorAll("a[href], button, input, summary")].filter(
          (element) => element.checkVisibility() && !element.closest("[hidden], [popover]"),
        );
        const buttons = [...document.querySelectorAll("main button[popovertarget]")];
        return buttons.findIndex((button) => !stops[stops.indexOf(button) + 1]?.hasAttribute("interestfor"));
      });
      expect(index, "a definition's button followed by a plain stop").toBeGreaterThanOrEqual(0);
      const button = page.locator("main button[popovertarget]").nth(index);
      await enhanced(button);
      const tip = page.locator(`#${await button.getAttribute("popovertarget")}`);
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(tip).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(button).not.toBeFocused();
      await expect(tip).toBeHidden();
      // What the focus moved to is not under anything: at the centre of its first line is the element itself.
      const uncovered = await page.evaluate(() => {
        const focused = document.activeElement!;
        const line = focused.getClientRects()[0]!;
        const hit = document.elementFromPoint(line.x + line.width / 2, line.y + line.height / 2);
        return hit !== null && (hit === focused || focused.contains(hit));
      });
      expect(uncovered, "what the focus moved to is in view, not under the definition").toBe(true);
    });
  }
});

/** With scripts on only so that the test can count frames; the definitions themselves need none. */
test.describe("a definition opened by hover", () => {
  for (const route of POPOVER_ROUTES) {
    test(`on ${route}, a glossary definition stays open while the pointer is on it and closes when it leaves @desktop`, async ({
      page,
    }) => {
      await page.goto(route);
      const term = page.getByRole("main").locator("a[interestfor]").first();
      const tip = page.locator(`#${await term.getAttribute("interestfor")}`);
      await term.hover();
      await expect(tip).toBeVisible();

      // Onto the definition, the way a reader's pointer goes: from the term, across the small gap between them.
      const box = (await tip.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
      // It stays open while the pointer rests on it: still open after 60 frames (a second at 60 Hz), well past
      // the delay after which a definition the pointer has left closes (Chromium's default: a quarter second).
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            let frames = 0;
            const next = () => (++frames >= 60 ? resolve() : requestAnimationFrame(next));
            requestAnimationFrame(next);
          }),
      );
      await expect(tip, "the definition stays open while the pointer is on it").toBeVisible();

      // Then to an empty spot: the page's margin, level with the definition, on nothing that reacts to a pointer.
      const spot = { x: 4, y: box.y + box.height / 2 };
      const under = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest("a, button, [popover]")?.outerHTML ?? null,
        spot,
      );
      expect(under).toBeNull();
      await page.mouse.move(spot.x, spot.y, { steps: 5 });
      await expect(tip).toBeHidden();
    });
  }
});
