import { type RefObject, useLayoutEffect, useRef } from "react";

/**
 * `value` as last committed, for code that runs later — an event handler, a socket's or a
 * timer's callback, a request being made — and should see the newest props without
 * changing identity. Written after each commit (never while rendering, which React may
 * redo or throw away), so read `.current` only outside rendering. Name what it answers
 * `…Ref`: the React Compiler (and its lint) then treats it as the ref it is.
 */
export function useLatest<T>(value: T): Readonly<RefObject<T>> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
