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
/** Results are shown this many at a time; the button under them adds as many again. */
const PAGE_SIZE = 8;
/** Counts the searches, so one that ends after a newer one started (or after the field was cleared) shows nothing. */
let latest = 0;

function load(): Promise<Pagefind> {
  const url = "/pagefind/pagefind.js";
  // A load that failed (offline, a dropped connection) is forgotten, so the next keystroke tries again.
  engine ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
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

/** One result: the page, and up to three of its sections that matched. */
async function entry(result: PagefindResult): Promise<HTMLLIElement> {
  const page = await result.data();
  const li = item(page.meta.title ?? page.url, page.url, page.excerpt);
  const sections = page.sub_results.filter((sub) => sub.url !== page.url).slice(0, 3);
  if (sections.length > 0) {
    const nested = document.createElement("ol");
    nested.append(...sections.map((sub) => item(sub.title, sub.url, sub.excerpt, true)));
    li.append(nested);
  }
  return li;
}

/** The button under the list that shows the next results, while there are more. */
const more = document.createElement("button");
more.type = "button";
more.className = "mx-4 mb-4 font-sans text-sm font-semibold text-accent underline underline-offset-2";
more.dataset["searchMore"] = "";
let showMore = () => {};
more.addEventListener("click", () => showMore());

/** Adds the next results to the list, and the button for the rest while there are more; false if superseded. */
async function showFrom(results: PagefindResult[], from: number, search: number): Promise<boolean> {
  if (!list) return false;
  const entries = await Promise.all(results.slice(from, from + PAGE_SIZE).map(entry));
  if (search !== latest) return false;
  list.append(...entries);
  const next = from + entries.length;
  const rest = results.length - next;
  if (rest === 0) {
    more.remove();
    return true;
  }
  more.textContent = rest <= PAGE_SIZE ? `Show the other ${rest}` : `Show ${PAGE_SIZE} more (${rest} not shown)`;
  showMore = () =>
    void showFrom(results, next, search).then((shown) => {
      // The keyboard goes on where the list does: to the first of the results just added.
      if (shown) list.children[next]?.querySelector("a")?.focus();
    });
  list.after(more);
  return true;
}

async function run(query: string) {
  if (!status || !list) return;
  const search = ++latest;
  if (query.trim() === "") {
    list.replaceChildren();
    more.remove();
    status.textContent = "";
    return;
  }
  let pagefind: Pagefind;
  try {
    pagefind = await load();
  } catch {
    if (search === latest) status.textContent = "Search could not load. Check your connection, then type again.";
    return;
  }
  const found = await pagefind.debouncedSearch(query, {}, 150);
  if (found === null || search !== latest) return; // superseded by a newer keystroke
  list.replaceChildren();
  more.remove();
  if (!(await showFrom(found.results, 0, search))) return;
  const count = found.results.length;
  status.textContent =
    count === 0
      ? `No results for “${query}”.`
      : `${count} page${count === 1 ? "" : "s"} found${count > PAGE_SIZE ? `, the first ${PAGE_SIZE} shown` : ""}.`;
}

function open() {
  if (!dialog || dialog.open) return;
  dialog.showModal();
  input?.focus();
  input?.select();
  void load().catch(() => undefined);
}

// The buttons' invoker commands would open or close the dialog a second time (the browser logs it): the script,
// once here, does it alone.
document.querySelector("[data-search-open]")?.addEventListener("click", (event) => {
  event.preventDefault();
  open();
});
document.querySelector("[data-search-close]")?.addEventListener("click", (event) => {
  event.preventDefault();
  dialog?.close();
});
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
// The shortcut works from now on: the dialog says so, under its field, where there is likely a keyboard to press it
// (a mouse or a trackpad: a fine pointer). Styled as the status line under it, whose classes it takes.
if (status && matchMedia("(any-pointer: fine)").matches) {
  const hint = document.createElement("p");
  hint.className = status.className;
  hint.dataset["searchHint"] = "";
  hint.textContent = "Ctrl+K or ⌘K opens this on any page.";
  status.before(hint);
}
// The button and the key now open the dialog; tests wait for this before using them.
dialog?.setAttribute("data-enhanced", "");
