import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

/**
 * Reads each `.mdx` file of `folder` (named `label`/… in messages), in order, and fails on the first one for which
 * `problemsOf` finds any (a problem, a list of them, or none).
 */
export function checkTexts(
  folder: string,
  label: string,
  problemsOf: (source: string) => string | string[] | undefined,
): void {
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith(".mdx")) continue;
    const problems = [problemsOf(readFileSync(join(folder, name), "utf-8")) ?? []].flat();
    if (problems.length > 0) throw new ContentFileError(`${label}/${name}`, problems);
  }
}

type Issue = z.core.$ZodIssue;

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The schema inside optional fields, defaults and pipes (a preprocessed front matter's object, say). */
function unwrap(schema: unknown): unknown {
  let at = schema;
  for (let def = defOf(at); def; def = defOf(at)) {
    if (["optional", "nullable", "default", "prefault", "readonly", "nonoptional", "catch"].includes(def.type)) {
      at = def["innerType"];
    } else if (def.type === "pipe") {
      at = defOf(def["in"])?.type === "transform" ? def["out"] : def["in"];
    } else return at;
  }
  return at;
}

/** The schema one step into `schema` (an object's field, a list's item, a record's value), if it is known. */
function childOf(schema: unknown, key: PropertyKey): unknown {
  const def = defOf(schema);
  if (def?.type === "array") return unwrap(def["element"]);
  if (def?.type === "record") return unwrap(def["valueType"]);
  if (def?.type === "object") return unwrap((def["shape"] as Record<PropertyKey, unknown>)[key]);
  return undefined;
}

/**
 * Where a path inside an entry points: `field "slots" → item 1 → field "minHeight"` (items counted from 1). A key
 * the editor chose, of a record such as ads.json's placements, is quoted on its own: `field "placements" → "/" →
 * item 3`, where a dot would run the route into the field's name.
 */
function describePath(path: PropertyKey[], schema?: unknown): string[] {
  const parts: string[] = [];
  let keys: string[] = [];
  const flush = () => {
    if (keys.length > 0) parts.push(`field "${keys.join(".")}"`);
    keys = [];
  };
  let at = unwrap(schema);
  for (const segment of path) {
    if (typeof segment === "number") {
      flush();
      parts.push(`item ${segment + 1}`);
    } else if (defOf(at)?.type === "record") {
      flush();
      parts.push(`"${String(segment)}"`);
    } else keys.push(String(segment));
    at = childOf(at, segment);
  }
  flush();
  return parts;
}

/** The fields the object `schema` expects at `path` (through lists, optional fields and pipes), if it is one. */
function fieldsAt(schema: unknown, path: PropertyKey[]): string[] | undefined {
  let at = unwrap(schema);
  for (const key of path) at = childOf(at, key);
  const def = defOf(at);
  return def?.type === "object" ? Object.keys(def["shape"] as object) : undefined;
}

/** The value at `path` in `data`, if it is there. */
function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let at = data;
  for (const key of path) {
    if (!at || typeof at !== "object") return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** True when the file leaves out the field at `path`: its object is there, and the field is not. */
function isLeftOut(data: unknown, path: PropertyKey[]): boolean {
  if (path.length === 0) return false;
  const parent = valueAt(data, path.slice(0, -1));
  return !!parent && typeof parent === "object" && (parent as Record<PropertyKey, unknown>)[path.at(-1)!] === undefined;
}

/** A value as an editor wrote it: `"7.9%"`, `-1`, `a list`. */
function shown(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === null) return "empty";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "a group of fields" : String(value);
}

/** The kinds of value zod names, as a sentence says them. */
const KINDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "a group of fields",
  date: "a date",
};

/**
 * zod's own wording for a range, a choice or a type ("Too small: expected number to be >=0"), in an editor's, with
 * the value the file holds. A schema's own message is kept.
 */
function plainWording(issue: Issue, value: unknown): string | undefined {
  const is = ` (it is ${shown(value)})`;
  if (issue.code === "too_small" && issue.message.startsWith("Too small")) {
    const n = Number(issue.minimum);
    if (issue.origin === "number") return `must be ${issue.inclusive ? "at least" : "more than"} ${n}${is}`;
    if (issue.origin === "string") {
      return `must have at least ${n} character${n === 1 ? "" : "s"} (it has ${String(value).length})`;
    }
  }
  if (issue.code === "too_big" && issue.message.startsWith("Too big")) {
    const n = Number(issue.maximum);
    if (issue.origin === "number") return `must be ${issue.inclusive ? "at most" : "less than"} ${n}${is}`;
    if (issue.origin === "string") {
      return `must have at most ${n} character${n === 1 ? "" : "s"} (it has ${String(value).length})`;
    }
  }
  if (issue.code === "invalid_value" && /^Invalid (option|input)/.test(issue.message)) {
    const choices = issue.values.map((choice) => shown(choice));
    return choices.length === 1 ? `must be ${choices[0]}${is}` : `must be one of ${choices.join(", ")}${is}`;
  }
  if (issue.code === "invalid_type" && issue.message.startsWith("Invalid input") && KINDS[issue.expected]) {
    return `must be ${KINDS[issue.expected]}${is}`;
  }
  return undefined;
}

/** What is wrong, in an editor's words where zod's own are a programmer's. */
function problemOf(issue: Issue, data: unknown): string {
  if (isLeftOut(data, issue.path)) {
    // Any check on a field that is not there (a type, a choice of two forms, a list of names) means it is missing.
    const expected = issue.code === "invalid_type" ? `expected ${issue.expected}` : issue.message;
    return `is required (${expected})`;
  }
  if (issue.code === "invalid_key") return issue.issues[0]?.message ?? issue.message;
  if (issue.code === "too_small" && issue.origin === "array" && issue.message.startsWith("Too small")) {
    return `must list at least ${issue.minimum} ${issue.minimum === 1 ? "item" : "items"}`;
  }
  if (issue.code === "too_big" && issue.origin === "array" && issue.message.startsWith("Too big")) {
    return `must list at most ${issue.maximum} ${issue.maximum === 1 ? "item" : "items"}`;
  }
  return plainWording(issue, valueAt(data, issue.path)) ?? issue.message;
}

/**
 * Where `path` points in a file's `data`: `entry 3 ("Duration") → field "definition"`, or `file` for the whole of
 * it. In a list, `labelKey` names the field whose value labels an entry.
 */
function describeWhere(path: PropertyKey[], data: unknown, labelKey?: string, schema?: z.ZodType): string {
  const rest = [...path];
  const parts: string[] = [];
  let at: unknown = schema;
  if (Array.isArray(data) && typeof rest[0] === "number") {
    const index = rest.shift() as number;
    const entry = data[index] as Record<string, unknown> | undefined;
    const label = labelKey && entry && typeof entry[labelKey] === "string" ? ` ("${entry[labelKey]}")` : "";
    parts.push(`entry ${index + 1}${label}`);
    at = childOf(unwrap(schema), index);
  }
  parts.push(...describePath(rest, at));
  return parts.length > 0 ? parts.join(" → ") : "file";
}

/**
 * Describes where an issue sits and what is wrong: `entry 3 ("Duration") → field "definition": must not be empty`.
 * A field the schema does not know (a misspelt name would otherwise be dropped without a word) is named with the
 * fields that object can have.
 */
export function describeIssue(issue: Issue, data: unknown, labelKey?: string, schema?: z.ZodType): string {
  const where = describeWhere(issue.path, data, labelKey, schema);
  if (issue.code === "unrecognized_keys") {
    const known = schema && fieldsAt(schema, issue.path);
    const names = issue.keys.map((key) => `"${key}"`).join(", ");
    return `${where}: unknown field${issue.keys.length > 1 ? "s" : ""} ${names}${known ? ` (the fields here: ${known.join(", ")})` : ""}`;
  }
  return `${where}: ${problemOf(issue, data)}`;
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

/** A key written twice in one object of a JSON text: where the object is, and the lines of both. */
export interface DuplicateKey {
  /** The path to the key, as zod gives one: `["banner", "heading"]`, `[4, "term"]`. */
  path: (string | number)[];
  firstLine: number;
  line: number;
}

/**
 * The keys written twice in one object of a valid JSON text. JSON.parse keeps the last without a word, so an
 * editor who adds a field that is already there (further up a long file) sees the page ignore the first one.
 */
export function duplicateKeys(text: string): DuplicateKey[] {
  type Level =
    | { kind: "object"; path: (string | number)[]; keys: Map<string, number>; key: string | undefined }
    | { kind: "array"; path: (string | number)[]; index: number };
  const found: DuplicateKey[] = [];
  const levels: Level[] = [];
  let line = 1;
  // Where a value starting here sits: under the key just read, or at the list's next place.
  const childPath = (): (string | number)[] => {
    const level = levels.at(-1);
    if (!level) return [];
    return level.kind === "object" ? [...level.path, level.key ?? ""] : [...level.path, level.index];
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === "\n") line++;
    else if (char === "{") levels.push({ kind: "object", path: childPath(), keys: new Map(), key: undefined });
    else if (char === "[") levels.push({ kind: "array", path: childPath(), index: 0 });
    else if (char === "}" || char === "]") levels.pop();
    else if (char === ",") {
      const level = levels.at(-1);
      if (level?.kind === "object") level.key = undefined;
      else if (level) level.index++;
    } else if (char === '"') {
      let end = at + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const level = levels.at(-1);
      // A string right after `{` or `,` in an object is a key; any other string is a value.
      if (level?.kind === "object" && level.key === undefined) {
        const key = JSON.parse(text.slice(at, end + 1)) as string;
        const first = level.keys.get(key);
        if (first === undefined) level.keys.set(key, line);
        else found.push({ path: [...level.path, key], firstLine: first, line });
        level.key = key;
      }
      at = end;
    }
  }
  return found;
}

/**
 * Parses JSON text, naming the file and the position when it is not valid JSON, and each key written twice in one
 * object. The file's `schema` and, for a list, its `labelKey` name the place as describeIssue does.
 */
export function parseJsonText(
  text: string,
  file: string,
  { schema, labelKey }: { schema?: z.ZodType; labelKey?: string | undefined } = {},
): unknown {
  // A file saved "UTF-8 with BOM" (an older Windows editor) starts with an invisible mark JSON does not allow.
  const json = text.replace(/^\uFEFF/, "");
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new ContentFileError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
  const twice = duplicateKeys(json).map(
    ({ path, firstLine, line }) =>
      `${describeWhere(path, data, labelKey, schema)}: written twice, on lines ${firstLine} and ${line} ` +
      "(only the last one would be used; keep the one you mean and delete the other)",
  );
  if (twice.length > 0) throw new ContentFileError(file, twice);
  return data;
}
