/**
 * The web fonts stay out of the first paint (docs/decisions.md, "Fonts"). A page whose <html> carries
 * `fonts-later` (the head's inline script sets it while this browser has not cached the build's font files)
 * paints and stays in the metric-matched fallback faces; once the page has loaded and the browser is idle,
 * this fetches the web families' core files, so the next page finds them in the cache and paints in them from
 * the start. The page in view never switches faces: nothing reflows, and no relayout competes with the reader.
 */
const root = document.documentElement;
/** The same key the head's inline script reads (src/components/shell/ShellScript.astro). */
const STORAGE_KEY = "web-fonts";

function warm() {
  const { fontsVersion = "", fontsWarm = "" } = root.dataset;
  // " " is in every core file's unicode-range and in no other part's, so only the core files load.
  const families = fontsWarm.split(",").filter(Boolean);
  Promise.all(families.map((family) => document.fonts.load(`1em "${family}"`, " ")))
    .then((faces) => {
      if (faces.every((found) => found.length > 0)) localStorage.setItem(STORAGE_KEY, fontsVersion);
    })
    .catch(() => {}) // offline, blocked or storage refused: the next page tries again
    .finally(() => (root.dataset["fontsWarmed"] = ""));
}

if (root.classList.contains("fonts-later")) {
  const idle = () =>
    "requestIdleCallback" in window ? requestIdleCallback(warm, { timeout: 2000 }) : setTimeout(warm);
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}
