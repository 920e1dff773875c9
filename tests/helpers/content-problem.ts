/**
 * The message the build's content check (parseContent) gives for `data` read as `file`, or "" when it parses:
 * what an editor would read. Shared by the unit tests of the schemas and of the messages.
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
