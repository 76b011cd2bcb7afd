/** Every key of every member of a union. */
type KeysOf<T> = T extends unknown ? keyof T : never;

/**
 * `Q` with no key that `Allowed` does not have: a call's query or body with a renamed or misspelt
 * field is a type error (an object type alone would accept extra keys from a variable).
 */
export type OnlyKeysOf<Q, Allowed> = Q extends object ? Q & Record<Exclude<keyof Q, KeysOf<Allowed>>, never> : Q;
