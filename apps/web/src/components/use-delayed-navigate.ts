import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/** Navigates after a delay; the pending timer is dropped if the screen goes away first. */
export function useDelayedNavigate(): (to: string, delayMs: number) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (to: string, delayMs: number) => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to), delayMs);
    },
    [navigate],
  );
}
