import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { ComboBoxStateContext } from 'react-aria-components';

/** What can take the focus inside a hidden part of the page. */
const FOCUSABLE = 'a[href], button, input, textarea, select, [tabindex]';

/**
 * While a React Aria combobox's list is open, React Aria hides the rest of
 * the page from assistive technology with aria-hidden, but the buttons and
 * links in there can still take the focus (axe's serious `aria-hidden-focus`,
 * issue 31). Each part it hides that holds something focusable is made inert
 * too, for as long as the list is open; the hiding happens after this
 * effect runs (the combobox's own effect is its parent's), so a
 * MutationObserver follows every aria-hidden it sets. Tab gives the page
 * back first, so the focus can move on out of the combobox (which closes it).
 * Inside a modal dialog nothing is done: the dialog already makes the page
 * inert, and its focus scope's own Tab handling must find the next field.
 */
export function InertOutsideOpenCombo(): ReactNode {
  const isOpen = useContext(ComboBoxStateContext)?.isOpen ?? false;
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    if (marker.current?.closest('[role="dialog"], [role="alertdialog"]') != null) return;
    const madeInert = new Set<HTMLElement>();
    let released = false;
    const follow = (element: Element): void => {
      if (released || !(element instanceof HTMLElement)) return;
      if (element.getAttribute('aria-hidden') === 'true') {
        if (element.inert || element.querySelector(FOCUSABLE) === null) return;
        element.inert = true;
        madeInert.add(element);
      } else if (madeInert.delete(element)) {
        element.inert = false;
      }
    };
    document.querySelectorAll('[aria-hidden="true"]').forEach(follow);
    const observer = new MutationObserver((records) => {
      for (const record of records) follow(record.target as Element);
    });
    observer.observe(document.body, {
      attributes: true,
      attributeFilter: ['aria-hidden'],
      subtree: true,
    });
    const giveBack = (): void => {
      for (const element of madeInert) element.inert = false;
      madeInert.clear();
    };
    // Before the browser moves the focus: an inert page would leave Tab nowhere to go.
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Tab') return;
      released = true;
      giveBack();
    };
    // On the window, so it runs before any focus scope's own Tab handling on the document.
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', onKeyDown, true);
      giveBack();
    };
  }, [isOpen]);
  return <span ref={marker} hidden />;
}
