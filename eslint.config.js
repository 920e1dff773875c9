import js from "@eslint/js";
import astro from "eslint-plugin-astro";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", ".astro/", "reports/", "node_modules/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  ...astro.configs["jsx-a11y-strict"],
  {
    // astro's jsx-a11y-strict config registers the plugin; reuse its rules for React islands.
    files: ["**/*.tsx"],
    rules: jsxA11y.flatConfigs.strict.rules,
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Unused arguments prefixed with _ document a deliberately ignored value.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["tests/**"],
    rules: {
      // Tests read untyped JSON fixtures and edit them freely.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
);
