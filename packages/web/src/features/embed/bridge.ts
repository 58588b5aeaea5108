import {
  embedCommandSchema,
  embedMessage,
  type EmbedCommand,
  type EmbedEventPayload,
} from '@messenger/core';

/**
 * The frame's end of the kit's postMessage channel. Both directions are bound
 * to one origin, the parent the kit named: messages go out with it as the
 * target origin (the browser drops them if the parent is anything else), and
 * only messages from the parent window at that origin, of the protocol's
 * shape, come in.
 */
export interface EmbedBridge {
  parentOrigin: string;
  post: (event: EmbedEventPayload) => void;
  listen: (listener: (command: EmbedCommand) => void) => () => void;
}

export function createEmbedBridge(parentOrigin: string, win: Window): EmbedBridge {
  return {
    parentOrigin,
    post: (event) => {
      win.parent.postMessage(embedMessage(event), parentOrigin);
    },
    listen: (listener) => {
      const onMessage = (event: MessageEvent): void => {
        if (event.origin !== parentOrigin || event.source !== win.parent) return;
        const parsed = embedCommandSchema.safeParse(event.data);
        if (parsed.success) listener(parsed.data);
      };
      win.addEventListener('message', onMessage);
      return () => {
        win.removeEventListener('message', onMessage);
      };
    },
  };
}

/**
 * The parent origin of this frame, or null when this page is not the kit's
 * frame: not framed, no `parent` in its address, or the browser's own record
 * of the embedding page (`location.ancestorOrigins`, Chromium and WebKit)
 * names another origin. The server served the page for a listed parent only,
 * and its frame-ancestors names that parent alone.
 */
export function embedParentOrigin(win: Window): string | null {
  if (win.parent === win) return null;
  const parent = new URLSearchParams(win.location.search).get('parent');
  if (parent === null || parent === '' || parent === 'null') return null;
  const ancestors = win.location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors !== undefined && ancestors.length > 0 && ancestors.item(0) !== parent) return null;
  return parent;
}

/**
 * The width the frame needs: the sidebar, and while chat tabs are open, the
 * dock beside it (open tabs 300 px, minimized 220 px, 8 px apart, 16 px
 * margins: chat-tabs.css and styles.css).
 */
export function embedFrameWidth(tabs: readonly { status: 'open' | 'minimized' }[]): number {
  const SIDEBAR = 280;
  if (tabs.length === 0) return SIDEBAR;
  const dock = tabs.reduce((sum, tab) => sum + (tab.status === 'open' ? 300 : 220), 0);
  return SIDEBAR + 16 + dock + 8 * (tabs.length - 1) + 16;
}
