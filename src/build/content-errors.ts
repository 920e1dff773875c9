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

/** Where a path inside an entry points: `field "slots" → item 1 → field "minHeight"` (items counted from 1). */
function describePath(path: PropertyKey[]): string[] {
  const parts: string[] = [];
  let keys: string[] = [];
  const flush = () => {
    if (keys.length > 0) parts.push(`field "${keys.join(".")}"`);
    keys = [];
  };
  for (const segment of path) {
    if (typeof segment === "number") {
      flush();
      parts.push(`item ${segment + 1}`);
    } else keys.push(String(segment));
  }
  flush();
  return parts;
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The fields the object `schema` expects at `path` (through lists, optional fields and pipes), if it is one. */
function fieldsAt(schema: unknown, path: PropertyKey[]): string[] | undefined {
  const unwrap = (at: unknown): unknown => {
    for (let def = defOf(at); def; def = defOf(at)) {
      if (["optional", "nullable", "default", "prefault", "readonly", "nonoptional", "catch"].includes(def.type)) {
        at = def["innerType"];
      } else if (def.type === "pipe") {
        at = defOf(def["in"])?.type === "transform" ? def["out"] : def["in"];
      } else return at;
    }
    return at;
  };
  let at = unwrap(schema);
  for (const key of path) {
    const def = defOf(at);
    if (def?.type === "array") at = def["element"];
    else if (def?.type === "record") at = def["valueType"];
    else if (def?.type === "object") at = (def["shape"] as Record<PropertyKey, unknown>)[key];
    else return undefined;
    at = unwrap(at);
  }
  const def = defOf(at);
  return def?.type === "object" ? Object.keys(def["shape"] as object) : undefined;
}

/**
 * Describes where an issue sits and what is wrong: `entry 3 ("Duration") → field "definition": must not be empty`.
 * A field the schema does not know (a misspelt name would otherwise be dropped without a word) is named with the
 * fields that object can have.
 */
export function describeIssue(issue: Issue, data: unknown, labelKey?: string, schema?: z.ZodType): string {
  const path = [...issue.path];
  const parts: string[] = [];
  if (Array.isArray(data) && typeof path[0] === "number") {
    const index = path.shift() as number;
    const entry = data[index] as Record<string, unknown> | undefined;
    const label = labelKey && entry && typeof entry[labelKey] === "string" ? ` ("${entry[labelKey]}")` : "";
    parts.push(`entry ${index + 1}${label}`);
  }
  parts.push(...describePath(path));
  const where = parts.length > 0 ? parts.join(" → ") : "file";
  if (issue.code === "unrecognized_keys") {
    const known = schema && fieldsAt(schema, issue.path);
    const names = issue.keys.map((key) => `"${key}"`).join(", ");
    return `${where}: unknown field${issue.keys.length > 1 ? "s" : ""} ${names}${known ? ` (the fields here: ${known.join(", ")})` : ""}`;
  }
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
    result.error.issues.map((issue) => describeIssue(issue, data, labelKey, schema)),
  );
}

/** Parses JSON text, naming the file and the position when it is not valid JSON. */
export function parseJsonText(text: string, file: string): unknown {
  try {
    // A file saved "UTF-8 with BOM" (an older Windows editor) starts with an invisible mark JSON does not allow.
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new ContentFileError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
}
