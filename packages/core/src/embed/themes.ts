/**
 * The embed's themes, apart from the protocol's schemas: the web client's
 * entry reads them, and importing protocol.ts there would bring Zod into the
 * first screen's JavaScript.
 */
export const EMBED_THEMES = ['light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];
