import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { ComboBoxStateContext } from 'react-aria-components';

/** What can take the focus inside a hidden part of the page. */
const FOCUSABLE = 'a[href], button, input, textarea, select, [tabindex]';

/**
 * While a React Aria combobox's list is open, React Aria hides the rest of
 * the page from assistive technology with aria-hidden, but the buttons and
 * links in there can still take the focus by Tab (axe's serious
 * `aria-hidden-focus`, issue 31). Everything tabbable in each part it hides
 * is taken out of the Tab order (tabindex -1, axe's focusable-not-tabbable)
 * for as long as the list is open; the hiding happens after this effect runs
 * (the combobox's own effect is its parent's), so a MutationObserver follows
 * every aria-hidden it sets and every element added inside.
 *
 * Not `inert`: the page stays pressable, so a press on a conversation in the
 * list beside the search closes the dropdown, is logged as leaving the search
 * for that conversation (clicked_on_other_thread, seed §4) and opens it.
 * Tab gives the page back first, so the focus can move on out of the combobox
 * (which closes it). Inside a modal dialog nothing is done: the dialog already
 * makes the page inert, and its focus scope's own Tab handling must find the
 * next field.
 */
export function InertOutsideOpenCombo(): ReactNode {
  const isOpen = useContext(ComboBoxStateContext)?.isOpen ?? false;
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    if (marker.current?.closest('[role="dialog"], [role="alertdialog"]') != null) return;
    /** Each element taken out of the Tab order, with the tabindex it had (null: none). */
    const untabbed = new Map<HTMLElement, string | null>();
    let released = false;
    const untab = (element: Element): void => {
      if (!(element instanceof HTMLElement) || untabbed.has(element) || element.tabIndex < 0)
        return;
      untabbed.set(element, element.getAttribute('tabindex'));
      element.tabIndex = -1;
    };
    const restore = (element: HTMLElement): void => {
      const previous = untabbed.get(element);
      if (previous === undefined) return;
      untabbed.delete(element);
      if (previous === null) element.removeAttribute('tabindex');
      else element.setAttribute('tabindex', previous);
    };
    const follow = (element: Element): void => {
      if (released || !(element instanceof HTMLElement)) return;
      const hidden = element.closest('[aria-hidden="true"]');
      if (hidden !== null) {
        if (element.matches(FOCUSABLE)) untab(element);
        element.querySelectorAll(FOCUSABLE).forEach(untab);
      } else if (element.getAttribute('aria-hidden') !== 'true') {
        for (const taken of [...untabbed.keys()])
          if (taken === element || element.contains(taken)) restore(taken);
      }
    };
    document.querySelectorAll('[aria-hidden="true"]').forEach(follow);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'childList')
          record.addedNodes.forEach((n) => {
            follow(n as Element);
          });
        else follow(record.target as Element);
      }
    });
    observer.observe(document.body, {
      attributes: true,
      attributeFilter: ['aria-hidden'],
      childList: true,
      subtree: true,
    });
    const giveBack = (): void => {
      for (const element of [...untabbed.keys()]) restore(element);
    };
    // Before the browser moves the focus: a page out of the Tab order would leave Tab nowhere to go.
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
