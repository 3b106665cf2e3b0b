import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The input of a field on a page rendered at build time, which can be typed in (or filled by a password manager)
 * before React has taken the page over: the browser keeps what was typed, but the form's state never heard of it,
 * and a form sent then would send it empty. When the field mounts, what its input holds is taken into the state
 * (`onChange`), and a field that was focused meanwhile is focused again so that its label moves out of the way. On
 * a page the app renders itself, the input holds the state's value and nothing happens.
 */
export function useTypedBeforeScript(value: string, onChange: (value: string) => void): RefObject<HTMLInputElement | null> {
  const input = useRef<HTMLInputElement>(null);
  const taken = useRef(false);
  useEffect(() => {
    const element = input.current;
    if (taken.current || element === null) return;
    taken.current = true;
    if (element.value !== value) onChange(element.value);
    if (element.ownerDocument.activeElement === element) {
      // Its focus event came before React listened: the field does not know it has the focus.
      element.blur();
      element.focus();
    }
  }, [value, onChange]);
  return input;
}

/**
 * False until the component has mounted in the browser: in a page rendered at build time and until React has taken it
 * over, a form's submit button is disabled with it, so that neither a click nor Enter sends the form the browser's own
 * way (a GET to the page's address, the password in its query) before the app can send it.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
