import { expect, test } from "vitest";
import { lessonNumber } from "../../src/lib/teaching";

test("the lesson count label takes the lesson's number and the total wherever the label puts them", () => {
  expect(lessonNumber("Lesson {n} of {total}", 2, 5)).toBe("Lesson 2 of 5");
  expect(lessonNumber("{n}/{total} ({n})", 3, 7)).toBe("3/7 (3)");
  expect(lessonNumber("Lesson", 1, 5)).toBe("Lesson");
});
