// ESLint's flat config for the web client (src/shoal/web): the recommended rules, ES modules
// in the browser. Undefined names are tsc's job (tsconfig.json checks the same files with
// the DOM's types), so no-undef is off here rather than listing the browser's globals.
import js from "@eslint/js";

export default [
  { ignores: ["node_modules/", ".venv/", "build/", "dist/", "src/shoal/web/types/", "src/shoal/web/wasm/", "src/shoal/web/pyodide/"] },
  {
    files: ["src/shoal/web/**/*.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      ...js.configs.recommended.rules,
      "no-undef": "off",
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-var": "error",
      "prefer-const": "error",
      "no-implicit-globals": "error",
      "no-shadow": "error",
    },
  },
];
