import type { ReactNode } from 'react';
import {
  Button,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  type Selection,
} from 'react-aria-components';
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
      <Button className="button appearance-button">
        {/* On a phone the header has room for the icon only; the words stay its name. */}
        <svg className="appearance-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 1.5a6.5 6.5 0 0 1 0 13z" fill="currentColor" />
        </svg>
        <span className="appearance-label">{intl.formatMessage(m.appearance)}</span>
      </Button>
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
