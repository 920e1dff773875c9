import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { z } from "astro/zod";
import type { Loader, LoaderContext } from "astro/loaders";
import { ContentFileError, parseContent, parseJsonText } from "./content-errors";

interface ListOptions<T extends z.ZodObject> {
  /** Path relative to the project root, e.g. `content/glossary.json`. */
  file: string;
  /** The file's schema (its length, say), or its entries' only. */
  schema: T | z.ZodArray<T>;
  /** Field whose value names an entry in error messages and gives its id. */
  key: keyof z.infer<T> & string;
  /** Turns the key's value into the entry id (defaults to the value itself). */
  id?: (value: string) => string;
}

/**
 * A schema for a JSON array (or an entry of one) whose entries must have ids, unique when compared
 * case-insensitively. An id made of nothing (a title of "???" has no letter or digit to make a slug of) would stop
 * Astro with a bare "ID must be a non-empty string"; it is refused here, naming the entry and the field, unless the
 * field's own schema already says why.
 */
export function uniqueList<T extends z.ZodObject>(
  schema: T | z.ZodArray<T>,
  key: string,
  id: (value: string) => string,
) {
  const list = schema instanceof z.ZodArray ? schema : z.array(schema);
  const field = list.element.shape[key] as z.ZodType | undefined;
  return list.superRefine((items, ctx) => {
    const seen = new Map<string, number>();
    items.forEach((item, index) => {
      const value = (item as Record<string, unknown>)[key];
      if (typeof value !== "string") return;
      const itemId = id(value).toLowerCase();
      if (itemId === "") {
        if (field?.safeParse(value).success === false) return;
        ctx.addIssue({
          code: "custom",
          path: [index, key],
          message: "needs at least one letter a–z or digit 0–9, which make the entry's id",
        });
        return;
      }
      const first = seen.get(itemId);
      if (first === undefined) seen.set(itemId, index);
      else
        ctx.addIssue({
          code: "custom",
          path: [index, key],
          message: `duplicate ${key} "${value}" (entry ${first + 1} has the same one)`,
        });
    });
  });
}

async function readJson(file: string, root: URL, schema: z.ZodType, labelKey?: string): Promise<unknown> {
  const path = fileURLToPath(new URL(file, root));
  const text = await readFile(path, "utf-8").catch((error: NodeJS.ErrnoException) => {
    throw new ContentFileError(file, [error.code === "ENOENT" ? "the file is missing" : error.message]);
  });
  return parseJsonText(text, file, { schema, labelKey });
}

/** Runs `sync` now and again whenever the dev server sees the file change. */
async function watch(file: string, context: LoaderContext, sync: () => Promise<void>) {
  await sync();
  const path = fileURLToPath(new URL(file, context.config.root));
  context.watcher?.add(path);
  context.watcher?.on("change", (changed) => {
    if (changed === path) sync().catch((error: Error) => context.logger.error(error.message));
  });
}

/**
 * Loads a JSON array where each item is one entry. The whole file is validated
 * first, so a bad file fails the build with its name, the entry and the field.
 */
export function jsonList<T extends z.ZodObject>({ file, schema, key, id = (value) => value }: ListOptions<T>): Loader {
  const listSchema = uniqueList(schema, key, id);
  return {
    name: "json-list",
    load: (context) =>
      watch(file, context, async () => {
        const { store, parseData, config } = context;
        const items = parseContent(listSchema, await readJson(file, config.root, listSchema, key), file, key);
        store.clear();
        for (const [position, item] of items.entries()) {
          const entryId = id(String(item[key]));
          // The store keeps entries by id; `position` remembers the editor's order (see `position`).
          const data = await parseData({ id: entryId, data: { ...item, position } });
          store.set({ id: entryId, data, filePath: file });
        }
      }),
  };
}

/** Extends a jsonList item schema into its collection schema: the entry's position in the file. */
export const position = { position: z.number().int().nonnegative() };

/** Sorts entries into the order they have in their file. */
export function inFileOrder<T extends { data: { position: number } }>(entries: T[]): T[] {
  return entries.toSorted((a, b) => a.data.position - b.data.position);
}

/** Loads a JSON file holding one object as a single entry with the id `main`. */
export function jsonObject<T extends z.ZodType>({ file, schema }: { file: string; schema: T }): Loader {
  return {
    name: "json-object",
    load: (context) =>
      watch(file, context, async () => {
        const { store, parseData, config } = context;
        const data = parseContent(schema, await readJson(file, config.root, schema), file) as Record<string, unknown>;
        store.clear();
        store.set({ id: "main", data: await parseData({ id: "main", data }), filePath: file });
      }),
  };
}
