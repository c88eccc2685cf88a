// ESLint flat config: typescript-eslint over src/, tests/ and tools/; Prettier owns formatting.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", ".gallery/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["tests/**/*.ts", "tools/**/*.{js,mjs,ts}", "*.config.{js,ts}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // rules/ is pure: no Foundry globals, no DOM (DESIGN.md).
    files: ["src/rules/**/*.ts"],
    languageOptions: { globals: {} },
    rules: {
      "no-restricted-globals": [
        "error",
        "game",
        "CONFIG",
        "Hooks",
        "foundry",
        "ui",
        "canvas",
        "Roll",
        "document",
        "window",
        "ChatMessage",
        "Actor",
        "Item",
        "Combat",
      ],
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "always", { null: "ignore" }],
    },
  },
  prettier,
);
