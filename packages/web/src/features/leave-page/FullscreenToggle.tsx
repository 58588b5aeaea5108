import { useEffect, useState, type ReactNode } from 'react';
import { Maximize } from 'lucide-react';
import { ToggleButton } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { leavePageMessages } from './messages';

/** The parts of `document` the toggle uses, so tests can pass a fake one. */
export interface FullscreenDocument {
  fullscreenEnabled?: boolean;
  fullscreenElement: Element | null;
  documentElement: Pick<HTMLElement, 'requestFullscreen'>;
  exitFullscreen?: () => Promise<void>;
  addEventListener(type: 'fullscreenchange', listener: () => void): void;
  removeEventListener(type: 'fullscreenchange', listener: () => void): void;
}

export function fullscreenAvailable(doc: FullscreenDocument): boolean {
  return (
    doc.fullscreenEnabled === true &&
    typeof doc.documentElement.requestFullscreen === 'function' &&
    typeof doc.exitFullscreen === 'function'
  );
}

/**
 * Seed 2: "A fullscreen toggle exists." Pressed while the page is full screen,
 * however it got there (Escape leaves full screen without the button); not
 * rendered where the Fullscreen API is missing or not allowed.
 */
export function FullscreenToggle({ doc = document }: { doc?: FullscreenDocument }): ReactNode {
  const intl = useIntl();
  const [isFullscreen, setFullscreen] = useState(() => doc.fullscreenElement !== null);
  useEffect(() => {
    const sync = (): void => {
      setFullscreen(doc.fullscreenElement !== null);
    };
    doc.addEventListener('fullscreenchange', sync);
    return () => {
      doc.removeEventListener('fullscreenchange', sync);
    };
  }, [doc]);

  if (!fullscreenAvailable(doc)) return null;
  const toggle = (on: boolean): void => {
    // A refusal (no user gesture, a policy) leaves the page as it is.
    const request = on ? doc.documentElement.requestFullscreen() : doc.exitFullscreen?.();
    request?.catch(() => undefined);
  };
  return (
    <ToggleButton className="button fullscreen-button" isSelected={isFullscreen} onChange={toggle}>
      {/* On a phone the header has room for the icon only (any language); the words stay its name. */}
      <Maximize className="fullscreen-icon" size={16} aria-hidden="true" focusable="false" />
      <span className="fullscreen-label">{intl.formatMessage(leavePageMessages.fullScreen)}</span>
    </ToggleButton>
  );
}
