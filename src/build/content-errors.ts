import type { z } from "astro/zod";

/** A content file that failed validation. The message names the file, the entry and the field. */
export class ContentFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid content in ${file}:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ContentFileError";
  }
}

type Issue = z.core.$ZodIssue;

/** Describes where an issue sits: `entry 3 ("Duration") → field "definition"`. */
export function describeIssue(issue: Issue, data: unknown, labelKey?: string): string {
  const path = [...issue.path];
  const parts: string[] = [];
  if (Array.isArray(data) && typeof path[0] === "number") {
    const index = path.shift() as number;
    const entry = data[index] as Record<string, unknown> | undefined;
    const label = labelKey && entry && typeof entry[labelKey] === "string" ? ` ("${entry[labelKey]}")` : "";
    parts.push(`entry ${index + 1}${label}`);
  }
  if (path.length > 0) parts.push(`field "${path.map(String).join(".")}"`);
  const where = parts.length > 0 ? parts.join(" → ") : "file";
  const missing = issue.code === "invalid_type" && issue.message.endsWith("received undefined");
  return `${where}: ${missing ? `is required (expected ${issue.expected})` : issue.message}`;
}

/** Parses `data` with `schema` or throws a ContentFileError naming `file` and every bad field. */
export function parseContent<T extends z.ZodType>(
  schema: T,
  data: unknown,
  file: string,
  labelKey?: string,
): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ContentFileError(
    file,
    result.error.issues.map((issue) => describeIssue(issue, data, labelKey)),
  );
}

/** Parses JSON text, naming the file and the position when it is not valid JSON. */
export function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ContentFileError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
}
