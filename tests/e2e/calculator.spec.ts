/** The bond calculator: textbook values, validation messages, state in the URL. */
import { expect, test } from "./fixtures";

type Page = import("@playwright/test").Page;
const result = (page: Page, term: string) => page.locator(`[data-result="${term}"]`);

/** Opens the calculator and waits until its island has hydrated (Astro drops the `ssr` attribute then). */
async function openCalculator(page: Page, query = "") {
  await page.goto(`/calculator${query}`);
  await expect(page.locator('astro-island[component-export="BondCalculator"]')).not.toHaveAttribute("ssr");
}

test("prices the textbook bond and updates as the visitor types", async ({ page }) => {
  await openCalculator(page);
  await expect(result(page, "Price")).toHaveText("$957.35");
  await expect(result(page, "Yield to maturity")).toHaveText("6.000%");
  const yieldField = page.getByLabel("Yield to maturity (% per year)");
  await yieldField.fill("5");
  await expect(result(page, "Price")).toHaveText("$1,000.00");
  await expect(page).toHaveURL(/yield=5/);
});

test("solves for the yield from a price", async ({ page }) => {
  await openCalculator(page);
  await page.getByRole("radio", { name: "Price (find the yield)" }).check();
  await page.getByLabel("Price ($)").fill("957.35");
  await expect(result(page, "Yield to maturity")).toHaveText("6.000%");
  await expect(result(page, "Current yield")).toHaveText("5.223%");
});

test("shows a clear message for bad input and never NaN", async ({ page }) => {
  await openCalculator(page);
  const years = page.getByLabel("Years to maturity");
  await years.fill("2.3");
  await expect(years).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("With semi-annual coupons the maturity must be a multiple of 0.5 years.")).toBeVisible();
  await page.getByLabel("Face value ($)").fill("abc");
  await expect(page.getByText("Enter a face value greater than 0 (for example 1000).")).toBeVisible();
  await expect(page.locator("main")).not.toContainText("NaN");
  await expect(page.locator("main")).not.toContainText("Infinity");
});

test("restores a shared calculation from its link", async ({ page }) => {
  await openCalculator(page, "?face=1000&coupon=10&years=3&freq=annual&solve=yield&yield=10");
  await expect(result(page, "Price")).toHaveText("$1,000.00");
  await expect(result(page, "Macaulay duration")).toHaveText("2.74 years");
  await expect(page.getByLabel("Coupon payments")).toHaveValue("annual");
});
