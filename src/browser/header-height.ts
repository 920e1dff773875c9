/**
 * What a link or the focus scrolls to stops below the sticky header: global.css's scroll padding is the header's
 * height (--header-height) and a little more. That height is the design's; a visitor's own text spacing or font
 * can make the header taller (a long site name then takes more lines), so once the page has loaded the property
 * follows the header as it is drawn. The phone menu's height, which leaves the header's room, follows too.
 */
const header = document.querySelector("[data-header]");
if (header) {
  new ResizeObserver(([entry]) => {
    const height = entry?.borderBoxSize[0]?.blockSize;
    if (height) document.documentElement.style.setProperty("--header-height", `${height}px`);
  }).observe(header);
}
