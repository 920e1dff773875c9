/**
 * The loader of a folder of MDX files (content/pages, content/learn): Astro's glob loader, with the checks Astro
 * does not make, run before it reads a file.
 */
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { z } from "astro/zod";
import { glob, type Loader, type LoaderContext } from "astro/loaders";
import { parseContent } from "./content-errors";
import { checkBodyLinks } from "./body-links";
import { checkBodySyntax } from "./body-syntax";
import { checkFrontMatterDates } from "./front-matter-dates";
import { checkFrontMatterFences } from "./front-matter-fences";
import { checkFrontMatterYaml } from "./front-matter-yaml";

/**
 * Astro's `parseData`, checking each front matter with `schema` first: a slip fails the build as one in a JSON
 * file does (`Invalid content in content/learn/taxes.mdx: field "title": is required`), not in Astro's words for a
 * schema (`lessons → taxes data does not match collection schema. title**: **title: Required`).
 */
export function checkedParseData(
  parseData: LoaderContext["parseData"],
  schema: z.ZodType,
  label: string,
): LoaderContext["parseData"] {
  return async (entry) => {
    parseContent(schema, entry.data, `${label}/${basename(entry.filePath ?? `${entry.id}.mdx`)}`);
    return parseData(entry);
  };
}

/**
 * content/<folder>/*.mdx: the file name is the entry id. Before Astro reads them, each front matter must be fenced by
 * two `---` lines (src/build/front-matter-fences.ts) and be YAML that reads (src/build/front-matter-yaml.ts), `check`
 * looks at the folder, no front matter may hold a date YAML would roll over (src/build/front-matter-dates.ts), no
 * text may hold a `<` or `{` the MDX compiler would stop at (src/build/body-syntax.ts), and none may link to a page
 * of this site that does not exist (src/build/body-links.ts).
 */
export function mdxLoader(folder: string, schema: z.ZodType, check?: (path: string) => void): Loader {
  const files = glob({ base: `content/${folder}`, pattern: "*.mdx" });
  const label = `content/${folder}`;
  return {
    ...files,
    load: async (context) => {
      const path = fileURLToPath(new URL(`${label}/`, context.config.root));
      checkFrontMatterFences(path, label);
      checkFrontMatterYaml(path, label);
      check?.(path);
      checkFrontMatterDates(path, label);
      checkBodySyntax(path, label);
      checkBodyLinks(path, label);
      return files.load({ ...context, parseData: checkedParseData(context.parseData, schema, label) });
    },
  };
}
