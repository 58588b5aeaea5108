import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, type Selection } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { APPEARANCES, type Appearance } from './appearance';
import { appearanceStore, useAppearance } from './appearance-store';
import { appearanceMessages as m } from './messages';
import './appearance.css';

/**
 * The header's "Appearance" menu: System, Light or Dark, one of them checked
 * (menuitemradio). A choice applies at once and is kept across reloads.
 */
export function AppearanceMenu(): ReactNode {
  const intl = useIntl();
  const current = useAppearance();
  const choose = (keys: Selection): void => {
    if (keys === 'all') return;
    const [key] = [...keys];
    if (APPEARANCES.includes(key as Appearance)) appearanceStore.set(key as Appearance);
  };
  return (
    <MenuTrigger>
      <Button className="button appearance-button">{intl.formatMessage(m.appearance)}</Button>
      <Popover className="appearance-popover" placement="bottom end">
        <Menu
          className="appearance-menu"
          aria-label={intl.formatMessage(m.appearance)}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[current]}
          onSelectionChange={choose}
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
    </MenuTrigger>
  );
}
