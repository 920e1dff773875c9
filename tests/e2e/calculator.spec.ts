/**
 * The bond calculator: figures as QuantLib computes them (the committed fixture),
 * the URL round trip with back/forward, a message at the field for every bad
 * input, keyboard-only use, axe, at 390 and 1280 px.
 */
import { readFileSync } from "node:fs";
import { expect, hasHorizontalOverflow, holdBack, recordLocaleData, test, axe } from "./fixtures";

type Page = import("@playwright/test").Page;

// Each test hydrates a React island (client:interaction="or-idle") and checks many rows; on a loaded CI machine
// hydration alone can take most of the default 30 s, so the whole test gets more room (no assertion is about time).
test.describe.configure({ timeout: 90_000 });

interface Reference {
  case: { name: string };
  quantlib: {
    cleanPrice: number;
    accrued: number;
    dirtyPrice: number;
    yield: number;
    macaulay: number;
    modified: number;
    convexity: number;
    dv01: number;
    changeUp: number;
    changeDown: number;
    nextCoupon: string;
    couponsRemaining: number;
    daysAccrued: number;
    yieldToCall?: number;
  };
}
const fixture = JSON.parse(readFileSync("tests/unit/fixtures/bond-quantlib.json", "utf-8")) as { cases: Reference[] };
const reference = (name: string) => fixture.cases.find((c) => c.case.name === name)!.quantlib;

const EXAMPLE =
  "?settle=2026-03-16&maturity=2034-09-01&coupon=4.75&freq=semi-annual&basis=30-360&face=1000&redemption=100&mode=price&price=98.5";
const CALLABLE =
  "?settle=2026-03-16&maturity=2034-09-01&coupon=6.5&freq=semi-annual&basis=30-360&face=1000&redemption=100&mode=price&price=108.25&callDate=2029-09-01&callPrice=101";
const SEVEN_YEAR =
  "?settle=2026-03-16&maturity=2033-03-16&coupon=5&freq=semi-annual&basis=30-360&face=1000&redemption=100&mode=yield&yield=5";

const fixed = (value: number, digits: number) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const signedPercent = (value: number) => `${value > 0 ? "+" : "\u2212"}${fixed(Math.abs(value), 2)}%`;

/** Waits until the island has hydrated and read the URL (at idle or first reach: late on a busy machine). */
async function hydrated(page: Page) {
  await expect(page.locator('[data-calculator-ready="true"]')).toHaveCount(1, { timeout: 30_000 });
}

async function openCalculator(page: Page, query = "") {
  await page.goto(`/calculator${query}`);
  await hydrated(page);
}

const row = (page: Page, text: string | RegExp) => page.getByRole("row", { name: text, exact: true });
const results = (page: Page) => page.getByRole("region", { name: "Results" });

test("shows the example bond's figures as QuantLib computes them", async ({ page }) => {
  const ql = reference("30-360 yield from price 98.5");
  await openCalculator(page, EXAMPLE);
  await expect(row(page, `Clean price 98.5000 ($985.00)`)).toBeVisible();
  await expect(row(page, `Accrued interest ${fixed(ql.accrued, 4)} ($${fixed(ql.accrued * 10, 2)})`)).toBeVisible();
  await expect(row(page, `Dirty price ${fixed(ql.dirtyPrice, 4)} ($${fixed(ql.dirtyPrice * 10, 2)})`)).toBeVisible();
  await expect(row(page, `Yield to maturity ${fixed(ql.yield, 3)}%`)).toBeVisible();
  await expect(row(page, `Current yield ${fixed((4.75 / 98.5) * 100, 3)}%`)).toBeVisible();
  await expect(row(page, `Macaulay duration ${fixed(ql.macaulay, 3)} years`)).toBeVisible();
  await expect(row(page, `Modified duration ${fixed(ql.modified, 3)}`)).toBeVisible();
  await expect(row(page, `Convexity ${fixed(ql.convexity, 2)}`)).toBeVisible();
  await expect(row(page, `DV01 $${fixed(ql.dv01 * 10, 2)}`)).toBeVisible();
  await expect(row(page, "Next coupon 1 Sep 2026")).toBeVisible();
  await expect(row(page, `Days accrued ${ql.daysAccrued}`)).toBeVisible();
  await expect(row(page, `Coupons remaining ${ql.couponsRemaining}`)).toBeVisible();
  await expect(row(page, /^Yield to call/)).toHaveCount(0);
  await expect(page.getByLabel("Coupon frequency", { exact: true })).toHaveValue("semi-annual");
  await expect(page.getByLabel("Day count", { exact: true })).toHaveValue("30-360");
  await expect(page.getByRole("radio", { name: "Price" })).toBeChecked();
  await expect(page.getByRole("img", { name: /^Price–yield curve/ })).toBeVisible();
  await page.getByText(/^Cash flows \(17 payments\)/).click();
  await expect(row(page, "1 Sep 2034 $23.75 $1,000.00")).toHaveCount(0);
  await expect(page.getByRole("row", { name: /^1 Sep 2034 \$23\.75 \$1,000\.00 \$/ })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("NaN");
});

test("shows yield to call and yield to worst for a callable bond", async ({ page }) => {
  const ql = reference("callable premium, call on a coupon date");
  await openCalculator(page, CALLABLE);
  await expect(row(page, `Yield to maturity ${fixed(ql.yield, 3)}%`)).toBeVisible();
  await expect(row(page, `Yield to call ${fixed(ql.yieldToCall!, 3)}%`)).toBeVisible();
  await expect(row(page, `Yield to worst ${fixed(ql.yieldToCall!, 3)}%`)).toBeVisible();
});

test("sets the exact 1-point repricing beside the duration estimate", async ({ page }) => {
  const ql = reference("seven-year 5% at 5%");
  await openCalculator(page, SEVEN_YEAR);
  const table = results(page).getByRole("table", { name: /^If yields move 1 point/ });
  await expect(table.getByRole("columnheader")).toHaveText([
    "If yields rise 1\u00a0point",
    "If yields fall 1\u00a0point",
  ]);
  const figures = (name: string) => table.getByRole("row", { name: new RegExp(`^${name} `) }).getByRole("cell");
  await expect(figures("Exact change")).toHaveText([signedPercent(ql.changeUp), signedPercent(ql.changeDown)]);
  await expect(figures("Duration estimate")).toHaveText([signedPercent(-ql.modified), signedPercent(ql.modified)]);
});

test("keeps the calculation in the URL, through reload, back and forward", async ({ page }) => {
  await openCalculator(page, EXAMPLE);
  const coupon = page.getByLabel("Coupon rate (%)", { exact: true });
  await coupon.fill("6");
  await coupon.blur();
  await expect(page).toHaveURL(/coupon=6&/);
  await page.getByLabel("Day count", { exact: true }).selectOption("act-act");
  await expect(page).toHaveURL(/basis=act-act/);
  await page.reload();
  await hydrated(page);
  await expect(coupon).toHaveValue("6");
  await expect(page.getByLabel("Day count", { exact: true })).toHaveValue("act-act");
  await page.goBack();
  await expect(page.getByLabel("Day count", { exact: true })).toHaveValue("30-360");
  await expect(coupon).toHaveValue("6");
  await page.goBack();
  await expect(coupon).toHaveValue("4.75");
  await page.goForward();
  await expect(coupon).toHaveValue("6");
});

test("a Try this bond link fills the form", async ({ page }) => {
  await openCalculator(page);
  await page.getByRole("link", { name: /^A 6\.5% bond at 108\.25/ }).click();
  await expect(page).toHaveURL(/callDate=2029-09-01/);
  await hydrated(page);
  await expect(page.getByLabel("Call date", { exact: true })).toHaveValue("2029-09-01");
  await expect(row(page, /^Yield to worst/)).toBeVisible();
});

/** Each bad input: the message is the field's accessible description, and no result is shown. */
const BAD_INPUTS: Array<[string, string, string, string]> = [
  [
    "settlement on or after maturity",
    "Maturity date",
    "2026-03-01",
    "The maturity date must be after the settlement date.",
  ],
  [
    "a call date after maturity",
    "Call date",
    "2035-01-01",
    "The call date must fall after the settlement date and before the maturity date.",
  ],
  [
    "a call date before settlement",
    "Call date",
    "2025-12-01",
    "The call date must fall after the settlement date and before the maturity date.",
  ],
  ["a negative coupon", "Coupon rate (%)", "-2", "Enter a coupon rate from 0 to 100 percent, for example 4.75."],
  ["an absurd coupon", "Coupon rate (%)", "150", "Enter a coupon rate from 0 to 100 percent, for example 4.75."],
  ["an empty field", "Face value", "", "Enter a face value in dollars greater than 0, in digits, for example 1000."],
  ["a face value over the limit", "Face value", "20000000000", "Enter a face value of at most $10,000,000,000."],
  [
    "a price no yield explains",
    "Clean price (% of par)",
    "5000000",
    "No yield down to \u221250% gives a price this high. Enter it as a percentage of par (98.5, not 985).",
  ],
];

for (const [label, field, value, message] of BAD_INPUTS) {
  test(`${label} gets a message at the field and no result`, async ({ page }) => {
    await openCalculator(page, EXAMPLE);
    const control = page.getByLabel(field, { exact: true });
    await control.fill(value);
    await expect(control).toHaveAttribute("aria-invalid", "true");
    await expect(control).toHaveAccessibleDescription(new RegExp(message.replace(/[().+%$]/g, "\\$&")));
    await expect(row(page, /^Clean price/)).toHaveCount(0);
    // The results line names the field as its label does, without the unit: "Fix the coupon rate …".
    const name = field.replace(/ \(.*\)$/, "").toLowerCase();
    await expect(results(page)).toContainText(`Fix the ${name} to see the results.`);
    await expect(page.locator("main")).not.toContainText(/NaN|Infinity/);
  });
}

test("paints before the file with Astro's island code arrives, and hydrates once it has", async ({ page }) => {
  // The page is too long for the first round trip with that code inline, so the build moved it to a deferred file.
  const release = await holdBack(page, /\/_astro\/islands\.[\w-]+\.js$/);
  await page.goto("/calculator", { waitUntil: "commit" });
  await expect(page.locator('script[src^="/_astro/islands."][defer]')).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length)).toBe(1);
  await expect(page.locator("astro-island[ssr]")).toHaveCount(1);
  release();
  await hydrated(page);
});

test("asks for React's files only once its first paint is on screen", async ({ page }) => {
  // The island hydrates at idle after `load`, which can come before the first frame is presented.
  await page.goto("/calculator");
  await hydrated(page);
  const { paint, files } = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
    files: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/_astro\/(BondCalculator|client|react)[.-]/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  expect(files.length).toBeGreaterThan(0);
  for (const start of files) expect(start).toBeGreaterThanOrEqual(paint);
});

test("hydrates and recalculates without loading the browser's locale data", async ({ page }) => {
  const localeData = await recordLocaleData(page);
  // 50 years, no coupon, at −15%: the chart's prices run past 100,000, which its axis writes short.
  await openCalculator(
    page,
    "?settle=2026-03-16&maturity=2076-03-16&coupon=0&freq=semi-annual&basis=30-360&face=1000&redemption=100&mode=yield&yield=-15",
  );
  await expect(results(page).locator("figure svg text")).toContainText(["500K", "1M"]);
  await page.getByLabel("Yield (%)", { exact: true }).fill("-12");
  await expect(results(page).locator("figure svg text")).toContainText(["100K", "200K"]);
  // A zero settling on its anniversary: 100 ÷ (1 − 0.12 ÷ 2)^100, with Node's own Intl writing it.
  const price = 100 / 0.94 ** 100;
  await expect(row(page, `Clean price ${fixed(price, 4)} ($${fixed(price * 10, 2)})`)).toBeVisible();
  expect(await localeData()).toEqual([]);
});

test.describe("when its code cannot load", () => {
  // The browser logs the missing file (Astro asks twice) and Astro its failure: the only errors allowed.
  test.use({ allowErrors: true });
  test("says so, and keeps the example's figures", async ({ page }) => {
    await page.route(/\/_astro\/BondCalculator\.[\w-]+\.js/, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(`/calculator${CALLABLE}`);
    await expect(page.getByRole("alert").filter({ hasText: "The calculator did not load" })).toBeVisible();
    await expect(row(page, /^Clean price/)).toBeVisible();
  });
  test("says so when the file with Astro's island code does not come, which starts every island", async ({ page }) => {
    await page.route(/\/_astro\/islands\.[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/calculator");
    await expect(page.getByRole("alert").filter({ hasText: "The calculator did not load" })).toBeVisible();
    await expect(row(page, /^Clean price/)).toBeVisible();
  });
});

test("a date field keeps the site's focus ring on each of its stops, the calendar button too @desktop", async ({
  page,
}) => {
  await openCalculator(page, EXAMPLE);
  const field = page.getByLabel("Maturity date", { exact: true });
  await field.focus();
  // Month, day, year, then the calendar button: three more presses of Tab, each staying in the field.
  for (let stop = 0; stop < 4; stop += 1) {
    if (stop > 0) await page.keyboard.press("Tab");
    await expect(field).toBeFocused();
    await expect(field).toHaveCSS("outline-style", "solid");
    await expect(field).toHaveCSS("outline-width", "3px");
  }
});

test("a decimal comma is read as the decimal mark", async ({ page }) => {
  await openCalculator(page, EXAMPLE);
  await page.getByLabel("Clean price (% of par)", { exact: true }).fill("97,25");
  await expect(row(page, "Clean price 97.2500 ($972.50)")).toBeVisible();
});

test("a call whose yield is beyond the solver's range still gets every figure", async ({ page }) => {
  // QuantLib 1.29 (tests/unit/bond-math.test.ts): yield to maturity 8.055869744% at 80; to the call, 615.6%.
  await openCalculator(page, `${EXAMPLE.replace("price=98.5", "price=80")}&callDate=2026-04-15&callPrice=100`);
  await expect(row(page, "Yield to maturity 8.056%")).toBeVisible();
  await expect(row(page, "Yield to call Above 100%")).toBeVisible();
  await expect(row(page, "Yield to worst 8.056%")).toBeVisible();
  // With a call, the risk figures say they are to maturity.
  await expect(row(page, /^Macaulay duration to maturity \d/)).toBeVisible();
  await expect(row(page, /^DV01 to maturity \$/)).toBeVisible();
});

test("a link's malformed call date shows as written, to correct or clear", async ({ page }) => {
  await openCalculator(page, `${EXAMPLE}&callDate=2029-9-1&callPrice=100`);
  const callDate = page.getByLabel("Call date", { exact: true });
  await expect(callDate).toHaveValue("2029-9-1");
  await expect(callDate).toHaveAccessibleDescription(/Enter the call date as a real date/);
  await callDate.fill("");
  await expect(row(page, /^Yield to maturity/)).toBeVisible();
  await expect(page).not.toHaveURL(/callDate/);
  // Still a text box while it has focus, so what is typed next is kept; a date picker once it is left.
  await expect(callDate).toHaveAttribute("type", "text");
  await page.keyboard.type("2029-09-01");
  await expect(callDate).toHaveValue("2029-09-01");
  await expect(row(page, /^Yield to call/)).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(callDate).toHaveAttribute("type", "date");
  await expect(callDate).toHaveValue("2029-09-01");
});

test("going back from an unfinished date shows that step's bond, with no message left over", async ({ page }) => {
  await openCalculator(page, CALLABLE);
  const maturity = page.getByLabel("Maturity date", { exact: true });
  await maturity.focus();
  await page.keyboard.press("Backspace");
  await expect(maturity).toHaveAccessibleDescription(/Finish the date/);
  await page.goBack();
  await expect(maturity).toHaveValue("2034-09-01");
  await expect(maturity).not.toHaveAccessibleDescription(/Finish the date/);
  await expect(maturity).toHaveAttribute("aria-invalid", "false");
  await expect(row(page, /^Yield to worst/)).toBeVisible();
});

test("on paper, the results name the bond they are for and the address that opens it again", async ({ page }) => {
  await openCalculator(page, CALLABLE);
  const bond = page.locator("[data-print-only]");
  await expect(bond).toBeHidden();
  await page.emulateMedia({ media: "print" });
  await expect(bond).toBeVisible();
  const pairs = await bond
    .locator("dt")
    .evaluateAll((terms) => terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
  expect(pairs).toEqual([
    ["Settlement date", "16 Mar 2026"],
    ["Maturity date", "1 Sep 2034"],
    ["Coupon rate", "6.5%"],
    ["Coupon frequency", "Semi-annual"],
    ["Day count", "30/360 US"],
    ["Face value", "$1,000.00"],
    ["Redemption", "100 (% of par)"],
    ["Clean price", "108.25 (% of par)"],
    ["Call", "1 Sep 2029 at 101 (% of par)"],
  ]);
  // What is for the screen only stays off the paper, and the cash flows, printed open, show no closed triangle.
  await expect(page.getByText("The address bar keeps this calculation")).toBeHidden();
  const flows = page.locator("summary", { hasText: /^Cash flows/ });
  expect(await flows.evaluate((summary) => getComputedStyle(summary).listStyleType)).toBe("none");
  const printed = (await bond.getByText(/^This calculation: /).textContent())!.replace("This calculation: ", "");
  const params = (url: string) => [...new URL(url).searchParams].sort().join("&");
  expect(new URL(printed).pathname).toBe("/calculator");
  expect(params(printed)).toBe(params(page.url()));
});

test("the price–yield chart's axis stops at a price of 0, where a long bond's duration line would go below", async ({
  page,
}) => {
  // 50 years at 2%, no coupon: modified duration ≈ 49.5, so the straight line reaches 0 within 3 points.
  await openCalculator(
    page,
    "?settle=2026-03-16&maturity=2076-03-16&coupon=0&freq=semi-annual&basis=30-360&face=1000&redemption=100&mode=yield&yield=2",
  );
  const labels = await results(page).locator("figure svg text").allTextContents();
  const prices = labels.filter((text) => !/%$|^Yield$/.test(text));
  expect(prices[0]).toBe("0");
  for (const price of prices) expect(price).not.toMatch(/\u2212|-/);
});

test("an unfinished call date gets a message, not a bond without its call", async ({ page }) => {
  await openCalculator(page, CALLABLE);
  const callDate = page.getByLabel("Call date", { exact: true });
  await callDate.focus();
  // Clears the part of the date that has focus: the browser then reports the whole field empty.
  await page.keyboard.press("Backspace");
  await expect(callDate).toHaveAccessibleDescription(/Finish the date \(month, day and year\), or clear it\./);
  await expect(results(page)).toContainText("Fix the call date to see the results.");
  await expect(row(page, /^Yield to worst/)).toHaveCount(0);
});

test("a zero-coupon bond lists its one payment and no coupons", async ({ page }) => {
  // 100 ÷ 1.02^20 = 67.2971: ten years at 4% compounded twice a year.
  await openCalculator(
    page,
    "?settle=2026-03-16&maturity=2036-03-16&coupon=0&freq=semi-annual&basis=30-360&face=1000&redemption=100&mode=yield&yield=4",
  );
  await expect(row(page, /^Clean price 67\.2971 /)).toBeVisible();
  await expect(row(page, "Coupons None: a zero-coupon bond")).toBeVisible();
  await expect(row(page, /^Next coupon/)).toHaveCount(0);
  await page.getByText("Cash flows (1 payment)", { exact: true }).click();
  await expect(page.getByRole("row", { name: /^16 Mar 2036 – \$1,000\.00 \$672\.97$/ })).toBeVisible();
});

test("keeps what was typed before the island hydrated, over the link's own values", async ({ page }) => {
  // The island's code is held back until the text is in (a slow phone's network).
  const release = await holdBack(page, /\/_astro\/BondCalculator\.[\w-]+\.js$/);
  await page.goto(`/calculator${CALLABLE}`);
  const coupon = page.getByLabel("Coupon rate (%)", { exact: true });
  await coupon.fill("7.125");
  await expect(page.locator("astro-island[ssr]")).toHaveCount(1);
  release();
  await hydrated(page);
  await expect(coupon).toHaveValue("7.125");
  await expect(page).toHaveURL(/coupon=7\.125&/);
  await expect(page.getByLabel("Call date", { exact: true })).toHaveValue("2029-09-01");
  await expect(row(page, /^Yield to worst/)).toBeVisible();
});

test("opened from a link with its own bond, hydrates without waiting for idle", async ({ page }) => {
  // A browser that never reports idle: the example page would wait for a visitor's first move; a link's bond not.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await openCalculator(page, CALLABLE);
  await expect(page.getByLabel("Coupon rate (%)", { exact: true })).toHaveValue("6.5");
});

test("malformed URL parameters get a message at their field", async ({ page }) => {
  await openCalculator(
    page,
    `${EXAMPLE.replace("freq=semi-annual", "freq=weekly").replace("coupon=4.75", "coupon=abc")}`,
  );
  await expect(page.getByLabel("Coupon frequency", { exact: true })).toHaveAccessibleDescription(
    /Choose how often the bond pays/,
  );
  await expect(page.getByLabel("Coupon rate (%)", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(row(page, /^Clean price/)).toHaveCount(0);
  await openCalculator(page, "?settle=2026-02-30");
  await expect(page.getByLabel("Settlement date", { exact: true })).toHaveAccessibleDescription(/real date/);
});

test("works with the keyboard alone", async ({ page }) => {
  await openCalculator(page, EXAMPLE);
  const coupon = page.getByLabel("Coupon rate (%)", { exact: true });
  await coupon.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("5");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Coupon frequency", { exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Day count", { exact: true })).toBeFocused();
  await page.getByRole("radio", { name: "Price" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("radio", { name: "Yield" })).toBeChecked();
  await expect(page.getByLabel("Yield (%)", { exact: true })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Yield (%)", { exact: true })).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("5");
  await expect(page).toHaveURL(/coupon=5&/);
  await expect(page).toHaveURL(/mode=yield&yield=5/);
  // Coupon equal to the yield, between coupon dates: the clean price is just under par (30/360, settling on the 16th).
  await expect(row(page, /^Yield to maturity 5\.000%$/)).toBeVisible();
  await page.getByText(/^Cash flows/).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("row", { name: /^1 Sep 2026 / })).toBeVisible();
});

test("has no axe violations with every result shown, and with an error", async ({ page }) => {
  test.slow(); // axe over a long table; tests/e2e/a11y.spec.ts checks the whole page
  await openCalculator(page, CALLABLE);
  await page.getByText(/^Cash flows/).click();
  const calculator = () => axe(page).include("[data-calculator-ready]");
  expect((await calculator().analyze()).violations).toEqual([]);
  await openCalculator(page, CALLABLE.replace("coupon=6.5", "coupon="));
  await expect(page.getByLabel("Coupon rate (%)", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(results(page)).toContainText("Fix the coupon rate to see the results.");
  expect((await calculator().analyze()).violations).toEqual([]);
});

test("fits the phone screen @mobile", async ({ page }) => {
  await openCalculator(page, CALLABLE);
  await page.getByText(/^Cash flows/).click();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  // A face value of $100 million: its cash-flow table scrolls in its own box, not the page.
  await page.getByLabel("Face value", { exact: true }).fill("100000000");
  await expect(page.getByRole("row", { name: /^1 Sep 2034 \$3,250,000\.00 \$100,000,000\.00/ })).toBeAttached();
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("shows the form, the example figures, the note and the explanation", async ({ page }) => {
    await page.goto(`/calculator${EXAMPLE}`);
    await expect(page.getByLabel("Settlement date", { exact: true })).toBeVisible();
    await expect(row(page, /^Clean price/)).toBeVisible();
    await expect(page.getByText(/The calculator needs JavaScript/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "What you pay: clean price plus accrued interest" })).toBeVisible();
  });
  test("says so above the form, and Enter in a field does not reload the example over what was typed", async ({
    page,
  }) => {
    await page.goto(`/calculator${EXAMPLE}`);
    const note = await page.getByText(/The calculator needs JavaScript/).boundingBox();
    const form = page.getByRole("form", { name: "Bond details" });
    expect(note!.y + note!.height).toBeLessThanOrEqual((await form.boundingBox())!.y);
    const coupon = page.getByLabel("Coupon rate (%)", { exact: true });
    await coupon.fill("7");
    // A form submitted with method="dialog" outside a dialog goes nowhere (HTML's form submission algorithm).
    await expect(form).toHaveAttribute("method", "dialog");
    await coupon.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${EXAMPLE.replace(/[?.]/g, "\\$&")}$`));
    await expect(coupon).toHaveValue("7");
  });
});

test("a screen reader going through the results meets their summary once", async ({ page }) => {
  await openCalculator(page, EXAMPLE);
  const summary = "Clean price 98.500, yield to maturity";
  // The live copy takes the link's bond once the visitor could have paused (the server's is the example's).
  await expect(results(page).locator('[aria-live="polite"]')).toContainText(summary);
  const tree = await results(page).ariaSnapshot();
  expect(tree.split(summary).length - 1, tree).toBe(1);
});

test("reads out the result once the visitor pauses, not for every keystroke", async ({ page }) => {
  await openCalculator(page, EXAMPLE);
  const live = results(page).locator('[aria-live="polite"]');
  const before = await live.textContent();
  // Every text the live region takes from now on: each is one reading by a screen reader.
  await live.evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { readOuts: string[] }).readOuts = seen;
    new MutationObserver(() => seen.push(element.textContent ?? "")).observe(element, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  const coupon = page.getByLabel("Coupon rate (%)", { exact: true });
  await coupon.selectText();
  // Typed as a person types, 0.1 s a key: "6", "6.", "6.2" and "6.25" are four results on the page.
  await coupon.pressSequentially("6.25", { delay: 100 });
  await expect(live).not.toHaveText(before!);
  const readOuts = await page.evaluate(() => (window as unknown as { readOuts: string[] }).readOuts);
  expect(new Set(readOuts).size).toBe(1);
  expect(readOuts[0]).toMatch(/^Clean price [\d.,]+, yield to maturity/);
});

test("the 1-point table fits a narrow phone whole, cutting no word in two @mobile", async ({ page }) => {
  // Its figures were columns once: on 320 and 360 px phones the table scrolled sideways, its last column hidden.
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await openCalculator(page, EXAMPLE);
    const table = results(page).getByRole("table", { name: /^If yields move 1 point/ });
    await expect(table).toBeVisible();
    for (const element of [table, results(page).getByText(/^If yields move 1 point/)]) {
      const box = (await element.boundingBox())!;
      expect(box.x + box.width, `the right edge at ${width} px`).toBeLessThanOrEqual(width - 16);
    }
    expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // A word cut in two lies on two lines: its characters' boxes do not share one top.
    const cut = await table.evaluate((element) =>
      [...element.querySelectorAll("th, td")].flatMap((cell) => {
        const text = cell.firstChild;
        if (!(text instanceof Text)) return [];
        return [...text.data.matchAll(/\S+/g)].flatMap((word) => {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return tops.size > 1 ? [word[0]] : [];
        });
      }),
    );
    expect(cut, `words cut in two at ${width} px`).toEqual([]);
  }
});
