import type { Page } from 'playwright-core';

/** The two sizes every screen is checked at (issue 31): a laptop and a phone. */
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** One interactive element whose centre shows something else. */
export interface Occlusion {
  /** What a person would call the covered element: role and name. */
  element: string;
  /** What is on top at its centre. */
  coveredBy: string;
}

/**
 * Every visible button, link, input and list row that a person cannot get
 * out from under whatever covers it. An element is covered when the browser's
 * hit test at its centre (`document.elementFromPoint`) finds something that is
 * neither it nor inside it, so a click there would land on the cover. A
 * covered element is scrolled to the middle of its scrollers and tested again:
 * content that merely scrolls under a fixed bar is reachable, while an element
 * under a prompt in a fixed dock, or a list's last row under a toast, is not.
 * An element that no scrolling brings wholly into the viewport is out of
 * reach too. Every scroll position is restored afterwards.
 */
export async function findOcclusions(page: Page): Promise<Occlusion[]> {
  return page.evaluate(() => {
    const SELECTOR = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'textarea',
      'select',
      '[role="button"]',
      '[role="link"]',
      '[role="textbox"]',
      '[role="combobox"]',
      '[role="menuitem"]',
      '[role="menuitemradio"]',
      '[role="option"]',
      '[role="tab"]',
      '[role="switch"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="row"]',
    ].join(',');

    const describe = (element: Element): string => {
      const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
      const label =
        element.getAttribute('aria-label') ??
        (element instanceof HTMLInputElement ? element.placeholder || element.name : '');
      const text = (label || element.textContent).replace(/\s+/g, ' ').trim();
      const where =
        typeof element.className === 'string' && element.className.trim() !== ''
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : '';
      return `${role}${where} "${text.slice(0, 60)}"`;
    };

    const scrolls = (element: Element): boolean => {
      const style = getComputedStyle(element);
      return /(auto|scroll|hidden|clip)/.test(style.overflowX + style.overflowY);
    };

    /** The part of the element's box that its clipping ancestors and the viewport show. */
    const visibleRect = (element: Element): DOMRect | null => {
      const rect = element.getBoundingClientRect();
      let left = Math.max(rect.left, 0);
      let top = Math.max(rect.top, 0);
      let right = Math.min(rect.right, window.innerWidth);
      let bottom = Math.min(rect.bottom, window.innerHeight);
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (!scrolls(parent)) continue;
        const box = parent.getBoundingClientRect();
        left = Math.max(left, box.left);
        top = Math.max(top, box.top);
        right = Math.min(right, box.right);
        bottom = Math.min(bottom, box.bottom);
      }
      if (right - left < 1 || bottom - top < 1) return null;
      return new DOMRect(left, top, right - left, bottom - top);
    };

    const isShown = (element: Element): boolean => {
      if (!(element instanceof HTMLElement || element instanceof SVGElement)) return false;
      if (element.closest('[inert], [aria-hidden="true"]') !== null) return false;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.pointerEvents === 'none') return false;
      if (Number(style.opacity) === 0) return false;
      const rect = element.getBoundingClientRect();
      // Visually hidden inputs (a React Aria checkbox's) are reached through their label.
      return rect.width > 1 && rect.height > 1;
    };

    /** Inside a visually hidden wrapper (1px, clipped): for screen readers only, not to click. */
    const visuallyHidden = (element: Element): boolean => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const rect = node.getBoundingClientRect();
        if (rect.width <= 1 && rect.height <= 1 && scrolls(node)) return true;
      }
      return false;
    };

    /** Wholly inside the viewport (an element wider or taller than it is judged by its centre). */
    const inViewport = (element: Element): boolean => {
      const rect = element.getBoundingClientRect();
      const fitsX =
        rect.width > window.innerWidth || (rect.left >= -1 && rect.right <= window.innerWidth + 1);
      const fitsY =
        rect.height > window.innerHeight ||
        (rect.top >= -1 && rect.bottom <= window.innerHeight + 1);
      return fitsX && fitsY;
    };

    /** Null when the element is reachable at its centre, otherwise what covers it. */
    const coverAt = (element: Element): Element | 'nothing shown' | null => {
      const shown = visibleRect(element);
      if (shown === null) return 'nothing shown';
      // A link wrapped over two lines: its box's centre can fall between its
      // pieces, on the sentence around it. Any piece a tap reaches will do.
      const pieces = Array.from(element.getClientRects());
      if (pieces.length > 1) {
        const reached = pieces.some((piece) => {
          const at = document.elementFromPoint(
            piece.left + piece.width / 2,
            piece.top + piece.height / 2,
          );
          return at !== null && (at === element || element.contains(at));
        });
        if (reached) return null;
      }
      const hit = document.elementFromPoint(
        shown.left + shown.width / 2,
        shown.top + shown.height / 2,
      );
      if (hit === null || hit === element || element.contains(hit)) return null;
      // A link wrapped over two lines (a long address in a message bubble) has its box's centre
      // on the words between its pieces: a piece's own centre is where a person clicks it.
      for (const piece of Array.from(element.getClientRects())) {
        if (element.getClientRects().length < 2) break;
        const at = document.elementFromPoint(
          piece.left + piece.width / 2,
          piece.top + piece.height / 2,
        );
        if (at !== null && (at === element || element.contains(at))) return null;
      }
      // A label that forwards its clicks to this input reaches it.
      const label = hit.closest('label');
      if (label !== null && (label.control === element || label.contains(element))) return null;
      return hit;
    };

    // Every scroll position, to put back after scrolling covered elements into view.
    const scrolled: [Element, number, number][] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      if (element.scrollTop !== 0 || element.scrollLeft !== 0) {
        scrolled.push([element, element.scrollTop, element.scrollLeft]);
      }
    }
    const pageScroll = [window.scrollX, window.scrollY] as const;

    /**
     * A modal dialog makes the page under it unreachable on purpose: only the
     * top modal's own elements are expected to be reachable then.
     */
    const modals = Array.from(document.querySelectorAll('[aria-modal="true"]')).filter(isShown);
    const topModal = modals.at(-1);

    /**
     * What the person opened from a control and is using now: a dropdown,
     * menu or tooltip (the target of an expanded control's aria-controls, or a
     * React Aria popover). It may lie over the page below it while open.
     */
    const openPopups = Array.from(
      document.querySelectorAll('[aria-expanded="true"][aria-controls]'),
    )
      .flatMap((control) => (control.getAttribute('aria-controls') ?? '').split(/\s+/))
      .map((id) => document.getElementById(id))
      .filter((popup): popup is HTMLElement => popup !== null);
    const isOpenPopup = (cover: Element): boolean =>
      cover.closest('[data-trigger], [role="tooltip"], [role="menu"]') !== null ||
      openPopups.some((popup) => popup.contains(cover) || cover.contains(popup));

    const found: { element: string; coveredBy: string }[] = [];
    for (const element of Array.from(document.querySelectorAll(SELECTOR))) {
      if (!isShown(element)) continue;
      if (topModal !== undefined && !topModal.contains(element)) continue;
      // A skip link waits above the top edge until the keyboard focuses it.
      if (element.matches('a[href^="#"]') && element.getBoundingClientRect().bottom <= 0) continue;
      if (visuallyHidden(element)) continue;
      if (inViewport(element) && coverAt(element) === null) continue;
      element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      if (!inViewport(element)) {
        // No scrolling brings it wholly into view: part of it is off the screen for good.
        found.push({ element: describe(element), coveredBy: 'the edge of the viewport' });
        continue;
      }
      const cover = coverAt(element);
      if (cover === null) continue;
      if (cover instanceof Element && isOpenPopup(cover)) continue;
      found.push({
        element: describe(element),
        coveredBy: cover === 'nothing shown' ? 'its clipping container' : describe(cover),
      });
    }

    for (const [element, top, left] of scrolled) {
      element.scrollTop = top;
      element.scrollLeft = left;
    }
    window.scrollTo(pageScroll[0], pageScroll[1]);
    return found;
  });
}

/**
 * Fails, naming each covered element and its cover, when any visible button,
 * link or input on `screen` is covered by another element.
 */
export async function checkNothingCovered(page: Page, screen: string): Promise<void> {
  const occlusions = await findOcclusions(page);
  if (occlusions.length > 0) {
    const size = page.viewportSize();
    const at = size === null ? '' : ` at ${size.width}x${size.height}`;
    const list = occlusions.map((o) => `  - ${o.element} is covered by ${o.coveredBy}`).join('\n');
    throw new Error(
      `${occlusions.length} interactive element(s) covered on ${screen}${at}:\n${list}`,
    );
  }
}

/** Two animation frames: a resize's or scroll's layout and any React render it causes. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve();
          });
        });
      }),
  );
}

/** Where screenshots of each checked screen go when E2E_SCREENS_DIR is set (for a person to look at). */
const SCREENS_DIR = process.env.E2E_SCREENS_DIR;

async function screenshot(page: Page, screen: string, width: number): Promise<void> {
  if (SCREENS_DIR === undefined) return;
  const name = `${screen.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${String(width)}.png`;
  await page.screenshot({ path: `${SCREENS_DIR}/${name}` });
}

/**
 * The occlusion check at both sizes: resizes the page to each, waits for the
 * layout to settle, checks, and restores the size the page had.
 */
export async function checkNothingCoveredAtBothSizes(page: Page, screen: string): Promise<void> {
  const before = page.viewportSize();
  const failures: string[] = [];
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await settle(page);
    await screenshot(page, screen, size.width);
    try {
      await checkNothingCovered(page, screen);
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  if (before !== null) await page.setViewportSize(before);
  if (failures.length > 0) throw new Error(failures.join('\n'));
}
