import { describe, expect, test } from "vitest";
import { functionWrappers } from "../../src/build/eager-wrappers";

describe("functionWrappers", () => {
  test("writes a CommonJS module's wrapper as a function expression, keeping its parameters and body", () => {
    const code =
      "var require_react = /* @__PURE__ */ __commonJSMin(((exports, module) => {\n\tmodule.exports = 1;\n}));\n";
    expect(functionWrappers(code)).toEqual({
      code: "var require_react = /* @__PURE__ */ __commonJSMin((function(exports, module) {\n\tmodule.exports = 1;\n}));\n",
      count: 1,
    });
  });

  test("rewrites every wrapper in a chunk: one parameter, none, and the lazy ES module helper", () => {
    const code =
      "var a = __commonJSMin(((exports) => {\n}));\nvar b = __commonJS(((exports, module) => {\n}));\n" +
      "var c = __esmMin((() => {\n}));\n";
    const { code: out, count } = functionWrappers(code);
    expect(count).toBe(3);
    expect(out).toBe(
      "var a = __commonJSMin((function(exports) {\n}));\nvar b = __commonJS((function(exports, module) {\n}));\n" +
        "var c = __esmMin((function() {\n}));\n",
    );
  });

  test("returns the code as it was when it has no wrapper", () => {
    const code =
      "const handler = ((event) => {\n});\nlist.map(((item) => item));\n__commonJSMin = (cb, mod) => () => mod;\n";
    expect(functionWrappers(code)).toEqual({ code, count: 0 });
  });

  test("the rewritten wrapper runs the module the same way", () => {
    const run = (code: string) =>
      new Function(
        `"use strict"; const __commonJSMin = (cb, mod) => () => (mod || cb((mod = { exports: {} }).exports, mod), mod.exports);` +
          `${code}; return require_x();`,
      )();
    const code = "var require_x = __commonJSMin(((exports, module) => {\n\tmodule.exports = [typeof this, 6 * 7];\n}))";
    expect(run(functionWrappers(code).code)).toEqual(run(code));
    expect(run(functionWrappers(code).code)).toEqual(["undefined", 42]);
  });
});
