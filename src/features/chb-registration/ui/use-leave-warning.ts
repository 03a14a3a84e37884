// Leaving with unsent answers asks for confirmation.
import { useEffect } from 'react';

export function useLeaveWarning(unsent: boolean, message: string) {
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (!unsent) return;
      e.preventDefault();
      e.returnValue = message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsent, message]);
}
