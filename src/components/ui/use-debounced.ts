import { useEffect, useState } from "react";

/**
 * `value` once it has stayed the same for `delay` ms: what a live region should announce while the visitor is still
 * typing (each keystroke would otherwise queue a reading of a result nobody asked for).
 */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
