import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './nux.css';

export type SpotlightWash = 'light' | 'dark' | 'xui';

export interface SpotlightProps {
  isOpen: boolean;
  onClose: () => void;
  /** The element to highlight; the wash covers everything else. */
  target: () => Element | null;
  wash?: SpotlightWash;
  title: string;
  children: ReactNode;
}

interface Hole {
  top: number;
  left: number;
  width: number;
  height: number;
}

const PAD = 6;

function holeOf(element: Element | null): Hole | null {
  if (element === null) return null;
  const rect = element.getBoundingClientRect();
  return {
    top: rect.top - PAD,
    left: rect.left - PAD,
    width: rect.width + 2 * PAD,
    height: rect.height + 2 * PAD,
  };
}

/**
 * A modal dialog over a wash (seed 2: light, dark or xui) with a clear
 * window over the highlighted element. It is a dialog for assistive
 * technology: focus moves in, Escape or a click on the wash closes it, and
 * focus returns to what opened it (React Aria's Modal does the last part).
 */
export function Spotlight({
  isOpen,
  onClose,
  target,
  wash = 'dark',
  title,
  children,
}: SpotlightProps): ReactNode {
  const [hole, setHole] = useState<Hole | null>(null);

  useLayoutEffect(() => {
    if (!isOpen) return;
    const measure = () => {
      setHole(holeOf(target()));
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [isOpen, target]);

  return (
    <ModalOverlay
      className={`spotlight spotlight-${wash}`}
      data-wash={wash}
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {hole !== null ? (
        <div
          className="spotlight-hole"
          aria-hidden="true"
          style={{ top: hole.top, left: hole.left, width: hole.width, height: hole.height }}
        />
      ) : null}
      <Modal className="spotlight-modal">
        <Dialog className="spotlight-dialog">
          <Heading slot="title" className="spotlight-title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
