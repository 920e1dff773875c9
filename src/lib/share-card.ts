/**
 * The share image (Open Graph card) of a page and the home-screen icons, as
 * satori element trees: plain objects, drawn to PNG at build time by
 * src/build/share-images.ts. Newspaper style: the text logo over a double
 * rule, the headline in Playfair Display Black, the standfirst in Source Serif.
 */

export const CARD = { width: 1200, height: 630 } as const;

/** Colours of the light theme (src/styles/global.css). */
export const INK = "#1b1a17";
export const INK_2 = "#4d4a43";
export const PAPER = "#faf8f3";
const ACCENT = "#8a1c1c";

/** Font family names the trees use; the build registers the faces under these names. */
export const DISPLAY = "Playfair Display";
export const TEXT = "Source Serif 4";

/** Where a page's share image is served: "/" → /og/index.png, "/learn/taxes" → /og/learn/taxes.png. */
export function shareImagePath(route: string): string {
  const clean = route.replace(/^\/+|\/+$/g, "");
  return `/og/${clean === "" ? "index" : clean}.png`;
}

interface Node {
  type: string;
  props: { style?: Record<string, string | number> | undefined; children?: Node | Node[] | string };
}
const el = (type: string, style: Node["props"]["style"], children?: Node["props"]["children"]): Node => ({
  type,
  props: { style, ...(children === undefined ? {} : { children }) },
});

/** A headline size that keeps long titles to about three lines. */
export function headlineSize(title: string): number {
  if (title.length <= 28) return 92;
  if (title.length <= 50) return 76;
  if (title.length <= 80) return 62;
  return 52;
}

/** At most `max` characters, cut at a word with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  // A cut that lands just before a space already ends at a word.
  const space = /\s/.test(text.charAt(max - 1)) ? cut.length : cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, "")}…`;
}

export interface CardText {
  /** The text logo, e.g. "Corporate Bonds". */
  logo: string;
  /** The small label beside the logo: the page's section ("Explainer", "Lesson"), or empty. */
  kicker: string;
  title: string;
  description: string;
  /** The site's host, printed at the foot, e.g. corporate-bonds.example.com. */
  host: string;
  /** The site's motto, printed at the foot beside the host. */
  motto: string;
}

export function shareCard({ logo, kicker, title, description, host, motto }: CardText): Node {
  return el(
    "div",
    {
      // satori sizes boxes without their padding (content-box), so the padding comes off here.
      width: CARD.width - 2 * 72,
      height: CARD.height - 52 - 44,
      display: "flex",
      flexDirection: "column",
      backgroundColor: PAPER,
      color: INK,
      paddingTop: 52,
      paddingRight: 72,
      paddingBottom: 44,
      paddingLeft: 72,
      fontFamily: TEXT,
    },
    [
      el("div", { display: "flex", justifyContent: "space-between", alignItems: "flex-end" }, [
        el("div", { fontFamily: DISPLAY, fontWeight: 900, fontSize: 46, letterSpacing: -0.5 }, logo),
        el(
          "div",
          { fontSize: 20, fontWeight: 600, letterSpacing: 2.5, textTransform: "uppercase", color: INK_2 },
          clip(kicker, 48),
        ),
      ]),
      el("div", {
        display: "flex",
        height: 9,
        marginTop: 18,
        borderTop: `3px solid ${INK}`,
        borderBottom: `1px solid ${INK}`,
      }),
      el(
        "div",
        {
          display: "flex",
          flexGrow: 1,
          flexDirection: "column",
          justifyContent: "center",
        },
        [
          el(
            "div",
            {
              fontFamily: DISPLAY,
              fontWeight: 900,
              fontSize: headlineSize(title),
              lineHeight: 1.05,
              letterSpacing: -1,
            },
            clip(title, 110),
          ),
          el("div", { marginTop: 26, fontSize: 30, lineHeight: 1.4, color: INK_2 }, clip(description, 150)),
        ],
      ),
      el(
        "div",
        {
          display: "flex",
          justifyContent: "space-between",
          borderTop: `1px solid ${INK}`,
          paddingTop: 14,
          fontSize: 22,
          fontWeight: 600,
        },
        [el("div", { color: ACCENT }, host), el("div", { color: INK_2 }, clip(motto, 60))],
      ),
    ],
  );
}

/**
 * A square icon: the logo's initials in Playfair Display Black, paper on ink, with a
 * thin double rule under them, as the favicon. `safe` shrinks the art into the middle
 * 80% (the circle a maskable icon's mask always keeps).
 */
export function iconArt({ initials, size, safe }: { initials: string; size: number; safe: boolean }): Node {
  const scale = safe ? 0.8 : 1;
  const glyph = Math.round(size * 0.5 * scale);
  return el(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      alignItems: "center",
      justifyContent: "center",
      backgroundColor: INK,
      color: PAPER,
    },
    [
      el(
        "div",
        { fontFamily: DISPLAY, fontWeight: 900, fontSize: glyph, lineHeight: 1, letterSpacing: -glyph / 30 },
        initials,
      ),
      el("div", {
        display: "flex",
        width: Math.round(size * 0.5 * scale),
        height: Math.max(3, Math.round(size * 0.035 * scale)),
        marginTop: Math.round(size * 0.06 * scale),
        borderTop: `${Math.max(1, Math.round(size * 0.012 * scale))}px solid ${PAPER}`,
        borderBottom: `${Math.max(1, Math.round(size * 0.006 * scale))}px solid ${PAPER}`,
      }),
    ],
  );
}

/** "Corporate Bonds" → "CB". */
export function initialsOf(logo: string): string {
  return logo
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join("")
    .slice(0, 3);
}
