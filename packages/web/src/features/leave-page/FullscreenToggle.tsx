import { useEffect, useState, type ReactNode } from 'react';
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
      <svg className="fullscreen-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path
          d="M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </svg>
      <span className="fullscreen-label">{intl.formatMessage(leavePageMessages.fullScreen)}</span>
    </ToggleButton>
  );
}
