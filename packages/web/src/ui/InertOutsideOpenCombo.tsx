import { useContext, useEffect, type ReactNode } from 'react';
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
 * MutationObserver follows every aria-hidden it sets.
 */
export function InertOutsideOpenCombo(): ReactNode {
  const isOpen = useContext(ComboBoxStateContext)?.isOpen ?? false;
  useEffect(() => {
    if (!isOpen) return;
    const madeInert = new Set<HTMLElement>();
    const follow = (element: Element): void => {
      if (!(element instanceof HTMLElement)) return;
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
    return () => {
      observer.disconnect();
      for (const element of madeInert) element.inert = false;
    };
  }, [isOpen]);
  return null;
}
