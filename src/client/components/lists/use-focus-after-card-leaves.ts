import { useEffect, useRef } from 'react';

/**
 * An action that takes a card out of its list takes the focus with it, to the page's body: a keyboard user starts
 * again from the top (a reminder's Done or Snooze under the Open filter, a visit request's answer). Once the list is read again, the focus
 * goes to the card now in its place (its first control), or to the list itself when it is empty.
 * `actedOn` is called before the card's call, `settled` tells that the list was read again after it.
 */
export function useFocusAfterCardLeaves(list: readonly { id: number }[], settled: boolean) {
  const container = useRef<HTMLDivElement>(null);
  const place = useRef<number | null>(null);
  useEffect(() => {
    const index = place.current;
    if (index === null || !settled) return;
    place.current = null;
    const focused = document.activeElement;
    if (focused !== null && focused !== document.body) return;
    const cards = container.current?.querySelectorAll('article') ?? [];
    const card = cards[Math.min(index, cards.length - 1)];
    const control = card?.querySelector<HTMLElement>('button:not([disabled]), a[href]');
    (control ?? container.current)?.focus();
  }, [list, settled]);
  return {
    container,
    actedOn: (id: number) => {
      place.current = Math.max(
        0,
        list.findIndex((r) => r.id === id),
      );
    },
  };
}
