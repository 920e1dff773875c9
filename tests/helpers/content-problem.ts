/**
 * The message an editor would read: the build's content check (parseContent) for `data` read as `file`, or any
 * reading of a content file (`thrown`); "" when it goes through. Shared by the unit tests of the schemas and of the
 * messages.
 */
import { expect } from "vitest";
import { ContentFileError, parseContent } from "../../src/build/content-errors";

export function contentProblem(
  schema: Parameters<typeof parseContent>[0],
  data: unknown,
  file: string,
  key?: string,
): string {
  try {
    parseContent(schema, data, file, key);
    return "";
  } catch (error) {
    expect(error).toBeInstanceOf(ContentFileError);
    return (error as Error).message;
  }
}

/** The message `read` throws, or "" when it returns. */
export function thrown(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    return (error as Error).message;
  }
  return "";
}
