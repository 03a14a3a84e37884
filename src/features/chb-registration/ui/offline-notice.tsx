// Says before Submit that sending needs a connection, while the browser has none (navigator.onLine,
// kept up to date by its online and offline events). The answers stay in the form either way.
import { useEffect, useState } from 'react';

function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    addEventListener('online', update);
    addEventListener('offline', update);
    return () => {
      removeEventListener('online', update);
      removeEventListener('offline', update);
    };
  }, []);
  return online;
}

export function OfflineNotice({ text }: { text: string }) {
  const online = useOnline();
  return (
    <p className="field-error" role="status">
      {online ? '' : text}
    </p>
  );
}
