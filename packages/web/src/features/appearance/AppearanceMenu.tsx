import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Contrast } from 'lucide-react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { appearanceMessages as m } from './messages';
import './appearance.css';

const loadPopover = () =>
  import('./AppearancePopover').then((module) => ({ default: module.AppearancePopover }));
// The header is on the first screen; its menu's popup is not (the size budget).
const LazyAppearancePopover = lazy(loadPopover);

/**
 * The header's "Appearance" button: opens the menu of System, Light and Dark.
 * A choice applies at once and is kept across reloads (appearance-store).
 */
export function AppearanceMenu(): ReactNode {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const prefetch = (): void => {
    loadPopover().catch(() => undefined);
  };
  return (
    <>
      <Button
        ref={triggerRef}
        className="button appearance-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onHoverStart={prefetch}
        onFocus={prefetch}
        onPress={() => {
          setOpen(true);
        }}
      >
        {/* On a phone the header has room for the icon only; the words stay its name. */}
        <Contrast className="appearance-icon" size={16} aria-hidden="true" focusable="false" />
        <span className="appearance-label">{intl.formatMessage(m.appearance)}</span>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <LazyAppearancePopover
            triggerRef={triggerRef}
            onClose={() => {
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
