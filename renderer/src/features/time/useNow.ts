import { useEffect, useState } from 'react';

/** How often {@link useNow} reads the clock again, ms: a market day's presets move at midnight, never mid-minute. */
export const NOW_REFRESH_MS = 60_000;

/** The current instant (epoch ms), read on mount and again every {@link NOW_REFRESH_MS}, so "Yesterday" follows midnight. */
export function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), NOW_REFRESH_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}
