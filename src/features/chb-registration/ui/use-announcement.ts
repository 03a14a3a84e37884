// The form's status line: each message is said once (emptied first, so the same words twice are
// heard twice) and leaves the status region a few seconds later, so that it is not read again
// with the rest of the form.
import { useCallback, useEffect, useRef, useState } from 'react';

const SHOWN_MS = 5000;

export function useAnnouncement(): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const announce = useCallback((next: string) => {
    clearTimeout(timer.current);
    setText('');
    requestAnimationFrame(() => setText(next));
    timer.current = setTimeout(() => setText(''), SHOWN_MS);
  }, []);
  return [text, announce];
}
