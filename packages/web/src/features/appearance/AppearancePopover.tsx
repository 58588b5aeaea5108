import type { ReactNode, RefObject } from 'react';
import { Menu, MenuItem, Popover, type Selection } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { APPEARANCES, type Appearance } from './appearance';
import { appearanceStore, useAppearance } from './appearance-store';
import { appearanceMessages as m } from './messages';

/**
 * The appearance menu's popup: System, Light or Dark, the current one checked
 * (menuitemradio). Loaded when the button is first pressed (AppearanceMenu):
 * menus and popovers are not in the first screen's JavaScript.
 */
export function AppearancePopover({
  triggerRef,
  onClose,
}: {
  triggerRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}): ReactNode {
  const intl = useIntl();
  const current = useAppearance();
  const choose = (keys: Selection): void => {
    if (keys === 'all') return;
    const [key] = [...keys];
    if (APPEARANCES.includes(key as Appearance)) appearanceStore.set(key as Appearance);
  };
  return (
    <Popover
      className="appearance-popover"
      // Outside a MenuTrigger the popover is a dialog of its own: it needs a name too.
      aria-label={intl.formatMessage(m.appearance)}
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      placement="bottom end"
    >
      <Menu
        className="appearance-menu"
        aria-label={intl.formatMessage(m.appearance)}
        autoFocus
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[current]}
        onSelectionChange={choose}
        onClose={onClose}
      >
        {APPEARANCES.map((appearance) => (
          <MenuItem key={appearance} id={appearance} className="appearance-item">
            {({ isSelected }) => (
              <>
                <span className="appearance-check" aria-hidden="true">
                  {isSelected ? '✓' : ''}
                </span>
                {intl.formatMessage(m[appearance])}
              </>
            )}
          </MenuItem>
        ))}
      </Menu>
    </Popover>
  );
}
