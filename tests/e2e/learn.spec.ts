/**
 * The lessons under /learn and the teaching parts they share with the explainers: Key takeaways, Check yourself,
 * Sources, Last reviewed, and glossary terms whose definition opens in place. All of it works without JavaScript.
 */
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "./fixtures";

/** A lesson as its file states it: the few front-matter lines the tests compare the page with. */
interface LessonFile {
  slug: string;
  title: string;
  order: number;
  lastReviewed: string;
  takeaways: number;
  questions: number;
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

const LESSONS: LessonFile[] = readdirSync("content/learn")
  .filter((name) => name.endsWith(".mdx"))
  .map((name) => {
    const yaml = frontMatter(`content/learn/${name}`);
    return {
      slug: name.replace(/\.mdx$/, ""),
      title: field(yaml, "title"),
      order: Number(field(yaml, "order")),
      lastReviewed: field(yaml, "lastReviewed"),
      takeaways: listLength(yaml, "takeaways"),
      questions: listLength(yaml, "quiz"),
    };
  })
  .sort((a, b) => a.order - b.order);

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
    await expect(links).toHaveText(LESSONS.map((lesson) => lesson.title));
    for (const [index, lesson] of LESSONS.entries())
      await expect(links.nth(index)).toHaveAttribute("href", `/learn/${lesson.slug}`);
  });

  for (const lesson of LESSONS) {
    test(`/learn/${lesson.slug} shows its takeaways, text, questions, sources and review date`, async ({ page }) => {
      const response = await page.goto(`/learn/${lesson.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lesson.title);
      const main = page.getByRole("main");

      const takeaways = main.getByRole("region", { name: "Key takeaways" });
      await expect(takeaways.getByRole("listitem")).toHaveCount(lesson.takeaways);
      await expect(main.getByRole("heading", { name: /^Worked example/, level: 2 }).first()).toBeVisible();

      const quiz = main.getByRole("region", { name: "Check yourself" });
      await expect(quiz.locator("details")).toHaveCount(lesson.questions);
      for (const detail of await quiz.locator("details").all()) await expect(detail).not.toHaveAttribute("open");

      const sources = main.getByRole("region", { name: "Sources" }).getByRole("link");
      expect(await sources.count()).toBeGreaterThan(0);
      for (const link of await sources.all()) {
        await expect(link).toHaveAttribute("href", /^https:\/\//);
        await expect(link).toHaveAttribute("target", "_blank");
      }

      const reviewed = page
        .getByRole("banner")
        .or(main)
        .getByText(/Last reviewed/);
      await expect(reviewed.locator("time")).toHaveAttribute("datetime", lesson.lastReviewed);
      await expect(main.getByRole("link", { name: lesson.title, exact: true })).toHaveAttribute("aria-current", "page");
    });
  }

  test("a Check yourself answer opens and closes with its summary", async ({ page }) => {
    await page.goto(`/learn/${LESSONS[0]!.slug}`);
    const quiz = page.getByRole("main").getByRole("region", { name: "Check yourself" });
    const summary = quiz.getByText("Show the answer to question 1");
    const answer = quiz.locator("details").first().locator("p");
    await expect(answer).toBeHidden();
    await summary.click();
    await expect(answer).toBeVisible();
    await expect(quiz.locator("details").first()).toHaveAttribute("open", "");
    await summary.click();
    await expect(answer).toBeHidden();
  });

  test("glossary terms link to their entry on /resources, once per page, never inside a heading", async ({ page }) => {
    await page.goto(`/learn/${LESSONS[0]!.slug}`);
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

  test("a glossary definition opens on hover and closes with Escape @desktop", async ({ page }) => {
    await page.goto(`/learn/${LESSONS[0]!.slug}`);
    const term = page.getByRole("main").locator("a[interestfor]").first();
    const tip = page.locator(`#${await term.getAttribute("interestfor")}`);
    await expect(tip).toBeHidden();
    await term.hover();
    await expect(tip).toBeVisible();
    await expect(tip).toHaveRole("tooltip");
    await page.keyboard.press("Escape");
    await expect(tip).toBeHidden();
  });

  test("a glossary definition opens on keyboard focus and closes with Escape @desktop", async ({ page }) => {
    await page.goto(`/learn/${LESSONS[0]!.slug}`);
    const term = page.getByRole("main").locator("a[interestfor]").first();
    const tip = page.locator(`#${await term.getAttribute("interestfor")}`);
    await term.focus();
    await expect(term).toBeFocused();
    await expect(tip).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(tip).toBeHidden();
  });

  test("a glossary definition opens and closes with a tap on its button @mobile", async ({ page }) => {
    await page.goto(`/learn/${LESSONS[0]!.slug}`);
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
});

test("a lesson loads no React and no script of its own", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto(`/learn/${LESSONS[0]!.slug}`, { waitUntil: "networkidle" });
  expect(scripts.filter((url) => /client|react/i.test(url))).toEqual([]);
});
