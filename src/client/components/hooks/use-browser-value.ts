import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * A value only the browser knows (its history, what CSS it supports, the stored colour mode):
 * `serverValue` on the server and while a server-rendered page hydrates (so the markup matches),
 * then the browser's. `read` must return the same value on every call (a primitive).
 */
export function useBrowserValue<T extends string | number | boolean | null>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}
