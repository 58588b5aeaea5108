// Explicit exceptions to the issue-32 guard rails in eslint.config.js (the layer
// rule import-x/no-restricted-paths, and no-restricted-syntax's ban on maps keyed
// by a context object). None are left: every file complies. Should one ever be
// needed, add { rule, owner, why, files } here, saying why the files stay and what
// would remove them, beside the same imports' entry in scripts/layers.config.mjs.

/** @type {{ rule: string, owner: string, why: string, files: string[] }[]} */
export const LINT_ALLOWLIST = [];
