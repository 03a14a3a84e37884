// A modal on the native <dialog>: showModal() makes the rest of the page inert and keeps focus
// inside; page scroll is locked through the shared scroll-lock store while it is open.
import { useEffect, useRef, type ReactNode } from 'react';
import { lockScroll } from '../../../site/stores/scroll-lock.ts';

interface Props {
  open: boolean;
  titleId: string;
  /** Escape closes only when given (the "Submitting" modal cannot be dismissed). */
  onCancel?: () => void;
  children: ReactNode;
  initialFocus?: string;
}

export function Modal({ open, titleId, onCancel, children, initialFocus }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnTo = document.activeElement as HTMLElement | null;
    dialog.showModal();
    const target = initialFocus ? dialog.querySelector<HTMLElement>(initialFocus) : null;
    (target ?? dialog.querySelector<HTMLElement>('h2'))?.focus();
    const unlock = lockScroll('chb-modal');
    return () => {
      unlock();
      dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open, initialFocus]);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel?.();
      }}
    >
      {open && children}
    </dialog>
  );
}
