import type { Beep } from '@messenger/core';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Link } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { BeepPayload } from './beep-from-delta';
import { beeperMessages } from './messages';
import './beeper.css';
import { isolateIn } from '../../i18n/isolate';

export interface BeeperToastsProps {
  beeps: readonly Beep<BeepPayload>[];
  onOpen: (id: string) => void;
  onDismiss: (id: string) => void;
  /** The pointer is over the toasts or the focus is in them: core keeps them meanwhile. */
  onHoldChange: (held: boolean) => void;
}

/**
 * The beeper's toasts, newest last, in a polite live region so a screen
 * reader reads each new one. Each opens its thread, and Escape or its close
 * button dismisses it. Queued (PENDING) beeps are not shown yet.
 */
export function BeeperToasts({
  beeps,
  onOpen,
  onDismiss,
  onHoldChange,
}: BeeperToastsProps): ReactNode {
  const intl = useIntl();
  const pointerInside = useRef(false);
  const focusInside = useRef(false);
  const held = useRef(false);
  const visible = beeps.filter((beep) => beep.status !== 'PENDING');

  const report = (): void => {
    const next = pointerInside.current || focusInside.current;
    if (next === held.current) return;
    held.current = next;
    onHoldChange(next);
  };
  const reportRef = useRef(report);
  reportRef.current = report;

  // With the last toast gone there is nothing to hover: the pointer may not
  // "leave" an element that disappeared, so the hold ends here.
  const empty = visible.length === 0;
  useEffect(() => {
    if (!empty) return;
    pointerInside.current = false;
    focusInside.current = false;
    reportRef.current();
  }, [empty]);

  // A phone gives the toasts a band of their own under the header (beeper.css):
  // the screens below move down by the stack's height instead of lying under it.
  const region = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = region.current;
    if (element === null || empty) return undefined;
    const root = document.documentElement;
    const reserve = (): void => {
      root.style.setProperty('--beeper-block-size', `${String(element.offsetHeight + 16)}px`);
    };
    reserve();
    // Without ResizeObserver (jsdom) the first height stays reserved.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--beeper-block-size');
    };
  }, [empty]);

  const onKeyDown = (id: string) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onDismiss(id);
  };

  return (
    <div
      ref={region}
      role="status"
      aria-label={intl.formatMessage(beeperMessages.region)}
      className="beeper"
      data-empty={empty || undefined}
      onPointerEnter={() => {
        pointerInside.current = true;
        report();
      }}
      onPointerLeave={() => {
        pointerInside.current = false;
        report();
      }}
      onFocus={() => {
        focusInside.current = true;
        report();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        focusInside.current = false;
        report();
      }}
    >
      {visible.map((beep) => {
        const name = beep.payload.senderName ?? intl.formatMessage(beeperMessages.someone);
        return (
          <div
            key={beep.id}
            className="beep"
            data-status={beep.status}
            data-thread-id={beep.payload.threadId}
            onKeyDown={onKeyDown(beep.id)}
          >
            <Link
              href={beep.payload.href}
              className="beep-link"
              onPress={() => {
                onOpen(beep.id);
              }}
            >
              <span className="beep-sender">{name}</span>
              <span className="beep-text">{beep.payload.snippet}</span>
            </Link>
            <Button
              className="beep-dismiss"
              aria-label={intl.formatMessage(beeperMessages.dismiss, {
                name: isolateIn(intl, name),
              })}
              onPress={() => {
                onDismiss(beep.id);
              }}
            >
              <span aria-hidden="true">×</span>
            </Button>
          </div>
        );
      })}
    </div>
  );
}
