// ESLint flat config: typescript-eslint's recommended rules and React hooks, as Shopify's app
// template uses, kept fast enough to run on every `npm test`.
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".cache/**", ".data/**", "public/build/**", "coverage/**", "app/shopify/admin/types/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Scripts and tests print their results.
    files: ["bench/**", "sandbox/**/main.ts", "scripts/**", "server/cli/**", "test/**"],
    rules: { "no-console": "off" },
  },
);
