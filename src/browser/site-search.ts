/** Opens the search dialog and runs Pagefind queries; Pagefind itself loads on first open. */
import { cleanResultUrl, opensSearch } from "../lib/search-keys";

interface PagefindResult {
  data(): Promise<{
    url: string;
    excerpt: string;
    meta: { title?: string };
    sub_results: { title: string; url: string; excerpt: string }[];
  }>;
}
interface Pagefind {
  debouncedSearch(query: string, options?: object, ms?: number): Promise<{ results: PagefindResult[] } | null>;
}

const dialog = document.querySelector<HTMLDialogElement>("[data-search-dialog]");
const input = document.querySelector<HTMLInputElement>("[data-search-input]");
const status = document.querySelector<HTMLElement>("[data-search-status]");
const list = document.querySelector<HTMLOListElement>("[data-search-results]");
let engine: Promise<Pagefind> | undefined;

function load(): Promise<Pagefind> {
  const url = "/pagefind/pagefind.js";
  engine ??= import(/* @vite-ignore */ url) as Promise<Pagefind>;
  return engine;
}

function item(title: string, url: string, excerpt: string, nested = false): HTMLLIElement {
  const li = document.createElement("li");
  li.className = nested ? "mt-2 ml-4 border-l-2 border-rule pl-3" : "py-3";
  const link = document.createElement("a");
  link.href = cleanResultUrl(url);
  link.textContent = title;
  link.className = nested ? "font-sans text-sm font-semibold" : "font-display text-lg font-bold";
  const text = document.createElement("p");
  text.className = "mt-1 text-sm text-ink-2";
  // Pagefind's excerpt is our own page text, escaped, with <mark> around the matches.
  text.innerHTML = excerpt;
  li.append(link, text);
  return li;
}

async function run(query: string) {
  if (!status || !list) return;
  if (query.trim() === "") {
    list.replaceChildren();
    status.textContent = "";
    return;
  }
  let pagefind: Pagefind;
  try {
    pagefind = await load();
  } catch {
    status.textContent = "Search is not available right now. Please try again later.";
    return;
  }
  const search = await pagefind.debouncedSearch(query, {}, 150);
  if (search === null) return; // superseded by a newer keystroke
  const pages = await Promise.all(search.results.slice(0, 8).map((result) => result.data()));
  list.replaceChildren(
    ...pages.map((page) => {
      const li = item(page.meta.title ?? page.url, page.url, page.excerpt);
      const sections = page.sub_results.filter((sub) => sub.url !== page.url).slice(0, 3);
      if (sections.length > 0) {
        const nested = document.createElement("ol");
        nested.append(...sections.map((sub) => item(sub.title, sub.url, sub.excerpt, true)));
        li.append(nested);
      }
      return li;
    }),
  );
  status.textContent =
    search.results.length === 0
      ? `No results for “${query}”.`
      : `${search.results.length} page${search.results.length === 1 ? "" : "s"} found.`;
}

function open() {
  if (!dialog || dialog.open) return;
  dialog.showModal();
  input?.focus();
  input?.select();
  void load().catch(() => undefined);
}

document.querySelector("[data-search-open]")?.addEventListener("click", open);
document.querySelector("[data-search-close]")?.addEventListener("click", () => dialog?.close());
dialog?.addEventListener("click", (event) => {
  if (event.target === dialog) dialog.close();
});
document.querySelector("[data-search-form]")?.addEventListener("submit", (event) => event.preventDefault());
// A result on this very page only scrolls it, under the dialog: every chosen result closes it.
list?.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("a")) dialog?.close();
});
input?.addEventListener("input", () => void run(input.value));
// A search field spends Escape on clearing its text; in this dialog Escape always closes.
input?.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  event.preventDefault();
  dialog?.close();
});
document.addEventListener("keydown", (event) => {
  if (opensSearch(event)) {
    event.preventDefault();
    open();
  }
});
// Opened by the button's invoker command before this script ran: load Pagefind, and search what was typed.
if (dialog?.open) {
  void load().catch(() => undefined);
  if (input?.value) void run(input.value);
}
// The button and the key now open the dialog; tests wait for this before using them.
dialog?.setAttribute("data-enhanced", "");
