/**
 * What a link or the focus scrolls to stops below the sticky header: global.css's scroll padding is the header's
 * height (--header-height) and a little more. That height is the design's; on a 320 px screen, or with a visitor's
 * own text spacing or font, the site name takes more lines and the header is taller, so once the page has loaded
 * the property follows the header as it is drawn (the phone menu's height, which leaves the header's room, too).
 * Only when they differ by more than the header's border: a custom property set on the root restyles the whole
 * page (≈50 ms on /contact with the CPU slowed 4×).
 */
const header = document.querySelector("[data-header]");
if (header) {
  const root = document.documentElement;
  /** The height the property gives now, in px (the style sheet writes it in rem). */
  const given = () => {
    const value = getComputedStyle(root).getPropertyValue("--header-height").trim();
    return parseFloat(value) * (value.endsWith("rem") ? parseFloat(getComputedStyle(root).fontSize) : 1);
  };
  new ResizeObserver(([entry]) => {
    const height = entry?.borderBoxSize[0]?.blockSize;
    if (height && Math.abs(height - given()) > 2) root.style.setProperty("--header-height", `${height}px`);
  }).observe(header);
}
