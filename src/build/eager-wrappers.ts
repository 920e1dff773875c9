/**
 * The bundler wraps each CommonJS module of the browser's code (React's runtime, react-dom's 200 KB among them) in
 * a function that runs the module when it is first required, and puts that function in parentheses: V8's sign of a
 * function that will be called soon, which it then compiles with the rest of the file as the file loads, rather than
 * on the main thread at its first call (v8.dev/blog/preparser, "PIFE"). The bundler writes the function as an arrow,
 * `__commonJSMin(((exports, module) => { … }))`, and Chromium 156 compiled react-dom's at its first call all the
 * same: with the CPU slowed 4×, the task that evaluates React's files as an island hydrates read 44–57 ms. Written
 * as a function expression, `__commonJSMin((function(exports, module) { … }))`, it left no task over 50 ms
 * (docs/performance-log.md, fortieth session). This plugin writes each wrapper so. The two behave the same: the
 * bundler calls the wrapper plainly, so `this` in its body is undefined either way, and `arguments` at its top
 * level would have thrown in the arrow (a module has none), so no module that runs uses it.
 */
import type { Plugin } from "vite";

/**
 * The bundler's module wrappers as it writes them before minifying: its helper for a CommonJS module (`__commonJS`,
 * `__commonJSMin`) or a lazily run ES module (`__esm`, `__esmMin`), called with an arrow function in parentheses.
 */
const ARROW_WRAPPER = /\b(__commonJS|__commonJSMin|__esm|__esmMin)\(\(\(([\w$]+(?:, [\w$]+)*)?\) => \{/g;

/** `code` with every module wrapper the bundler wrote as an arrow function written as a function expression. */
export function functionWrappers(code: string): { code: string; count: number } {
  let count = 0;
  const out = code.replace(ARROW_WRAPPER, (_, helper: string, params = "") => {
    count += 1;
    return `${helper}((function(${params}) {`;
  });
  return { code: out, count };
}

/** The plugin: module wrappers as function expressions in the browser's code, before the bundler minifies it. */
export function eagerWrappers(): Plugin {
  return {
    name: "eager-wrappers",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    renderChunk(code) {
      const { code: out, count } = functionWrappers(code);
      return count > 0 ? { code: out, map: null } : null;
    },
  };
}
