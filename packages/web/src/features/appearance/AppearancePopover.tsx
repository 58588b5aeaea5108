import type { ReactNode, RefObject } from 'react';
import {
  Header,
  Menu,
  MenuItem,
  MenuSection,
  Popover,
  type Selection,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { Language } from '../../i18n/locale';
import { APPEARANCES, type Appearance } from './appearance';
import { appearanceStore, useAppearance } from './appearance-store';
import { LANGUAGE_SETTINGS, type LanguageSetting } from './language';
import { languageStore, useLanguageSetting } from './language-store';
import { appearanceMessages as m } from './messages';

/** Each language by its own name, as every language menu shows it: a reader finds theirs. */
const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  fr: 'Français',
  ar: 'العربية',
};

function chosen<T extends string>(keys: Selection, options: readonly T[]): T | null {
  if (keys === 'all') return null;
  const [key] = [...keys];
  return options.includes(key as T) ? (key as T) : null;
}

function Check({ isSelected }: { isSelected: boolean }): ReactNode {
  return (
    <span className="appearance-check" aria-hidden="true">
      {isSelected ? '✓' : ''}
    </span>
  );
}

/**
 * The appearance menu's popup: the theme (System, Light or Dark) and the
 * language (the browser's, or one the client speaks), the current ones
 * checked (menuitemradio). Loaded when the button is first pressed
 * (AppearanceMenu): menus and popovers are not in the first screen's JavaScript.
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
  const language = useLanguageSetting();
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
        // The first item (with sections, `true` would focus the menu itself, not an item).
        autoFocus="first"
        onClose={onClose}
      >
        <MenuSection
          className="appearance-section"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[current]}
          onSelectionChange={(keys) => {
            const next = chosen<Appearance>(keys, APPEARANCES);
            if (next !== null) appearanceStore.set(next);
          }}
        >
          <Header className="appearance-heading">{intl.formatMessage(m.theme)}</Header>
          {APPEARANCES.map((appearance) => (
            <MenuItem key={appearance} id={appearance} className="appearance-item">
              {({ isSelected }) => (
                <>
                  <Check isSelected={isSelected} />
                  {intl.formatMessage(m[appearance])}
                </>
              )}
            </MenuItem>
          ))}
        </MenuSection>
        <MenuSection
          className="appearance-section"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[language]}
          onSelectionChange={(keys) => {
            const next = chosen<LanguageSetting>(keys, LANGUAGE_SETTINGS);
            if (next !== null) languageStore.set(next);
          }}
        >
          <Header className="appearance-heading">{intl.formatMessage(m.language)}</Header>
          {LANGUAGE_SETTINGS.map((setting) => (
            <MenuItem
              key={setting}
              id={setting}
              className="appearance-item"
              {...(setting === 'auto' ? {} : { textValue: LANGUAGE_NAMES[setting] })}
            >
              {({ isSelected }) => (
                <>
                  <Check isSelected={isSelected} />
                  {setting === 'auto' ? (
                    intl.formatMessage(m.languageAuto)
                  ) : (
                    <span lang={setting} dir="auto">
                      {LANGUAGE_NAMES[setting]}
                    </span>
                  )}
                </>
              )}
            </MenuItem>
          ))}
        </MenuSection>
      </Menu>
    </Popover>
  );
}
