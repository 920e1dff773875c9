import { describe, expect, test } from "vitest";
import { telHref } from "../../src/lib/contact";

describe("telHref", () => {
  test("returns a tel: link with the digits only when the number is written with spaces and brackets", () => {
    expect(telHref("(212) 555-0142")).toBe("tel:2125550142");
  });

  test("keeps a leading + for an international number", () => {
    expect(telHref(" +1 212.555.0142")).toBe("tel:+12125550142");
  });
});
