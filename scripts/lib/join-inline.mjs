// @ts-check
/**
 * The same page with fewer inline elements. Each inline `<script>` and `<style>` is one more hash in the page's
 * Content-Security-Policy: 54 bytes of response header, which ride in the first round trip of every visit before
 * a byte of the page does. Joining elements that a browser would run or apply one after the other anyway
 * changes nothing else:
 * - {@link joinStyles}: the page's style sheets, in their order, as one where the first was (the cascade follows
 *   the order of the sheets, which stays; a later one only applies sooner);
 * - {@link joinScripts}: classic scripts with nothing but white space between them, as one.
 */
import { attribute, scanHtml } from "./html-scan.ts";
import { openElements } from "./page-css.mjs";

/** Elements whose `<style>` or `<script>` does not belong to the page as it is shown, or is not HTML's own. */
const APART = new Set(["noscript", "template", "svg", "math"]);

/** @typedef {import("./html-scan.ts").RawTextElement} RawTextElement */

/**
 * One past the end tag of a `<script>` or `<style>` element.
 * @param {string} html
 * @param {RawTextElement} element
 */
function elementEnd(html, element) {
  const close = element.tag.end + element.text.length;
  const end = html.indexOf(">", close);
  if (end < 0 || !/^<\/(script|style)\s*>$/i.test(html.slice(close, end + 1))) {
    throw new Error(`An inline <${element.tag.name}> has no end tag: ${html.slice(element.tag.start, close + 40)}`);
  }
  return end + 1;
}

/**
 * `html` with `parts` (element, new text or undefined to remove it) applied from the last to the first.
 * @param {string} html
 * @param {[RawTextElement, string | undefined][]} parts
 */
function rewrite(html, parts) {
  let out = html;
  for (const [element, text] of [...parts].sort(([a], [b]) => b.tag.start - a.tag.start)) {
    out =
      text === undefined
        ? out.slice(0, element.tag.start) + out.slice(elementEnd(html, element))
        : out.slice(0, element.tag.end) + text + out.slice(element.tag.end + element.text.length);
  }
  return out;
}

/**
 * The page's `<style>` elements without attributes (no `media`), in their order, as one in place of the first.
 * Left apart: a sheet after the page's first linked stylesheet (joined, it would come before it in the cascade),
 * one with `@import` or `@charset` (valid only at a sheet's start), and one inside `<noscript>`, `<template>`,
 * `<svg>` or `<math>`.
 * @param {string} html
 * @returns {string}
 */
export function joinStyles(html) {
  const scan = scanHtml(html);
  const link = scan.tags.find((tag) => tag.name === "link" && /\bstylesheet\b/i.test(attribute(tag, "rel") ?? ""));
  const styles = scan.styles.filter(
    (style) =>
      style.tag.attributes.length === 0 &&
      style.tag.start < (link?.start ?? Infinity) &&
      !/@(import|charset)\b/i.test(style.text) &&
      !openElements(scan, style.tag.start).some((tag) => APART.has(tag.name)),
  );
  const [first, ...rest] = styles;
  if (first === undefined || rest.length === 0) return html;
  const text = styles.map((style) => style.text).join("\n");
  return rewrite(html, [
    [first, text],
    ...rest.map((style) => /** @type {[RawTextElement, undefined]} */ ([style, undefined])),
  ]);
}

/**
 * Classic inline scripts (no attributes) that follow each other with nothing but white space between them, as
 * one. A script that reads `document.currentScript` (where it sits in the page) or starts with a directive
 * ("use strict") begins a script of its own; a run of scripts is joined with a line break and a semicolon, so
 * none continues the statement before it (`(() => {})()` then `(() => {})()` is two calls, not one).
 * One difference: an exception now stops the scripts after it in the same run. Those joined here are each one
 * function called at once, that checks what it needs.
 * @param {string} html
 * @returns {string}
 */
export function joinScripts(html) {
  const scan = scanHtml(html);
  const scripts = scan.scripts.filter((script) => script.tag.attributes.length === 0 && script.text.trim() !== "");
  /** @type {RawTextElement[][]} */
  const runs = [];
  for (const script of scripts) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    const follows =
      last !== undefined &&
      /^\s*$/.test(html.slice(elementEnd(html, last), script.tag.start)) &&
      !/\bcurrentScript\b/.test(script.text) &&
      ![run?.[0], script].some((each) => /^\s*["']use strict["']/.test(each?.text ?? ""));
    if (follows) run?.push(script);
    else runs.push([script]);
  }
  /** @type {[RawTextElement, string | undefined][]} */
  const parts = [];
  for (const [first, ...rest] of runs) {
    if (first === undefined || rest.length === 0) continue;
    const text = [first, ...rest].map((script) => script.text.trim()).join("\n;");
    parts.push(
      [first, text],
      ...rest.map((script) => /** @type {[RawTextElement, undefined]} */ ([script, undefined])),
    );
  }
  return parts.length === 0 ? html : rewrite(html, parts);
}
