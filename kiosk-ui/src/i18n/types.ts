/** A catalogue area: nested keys ending in the spec's exact English text. */
export interface MessageTree {
  readonly [key: string]: string | MessageTree;
}

/**
 * Another language's catalogue in the English one's shape: the same keys, every text a string.
 * A key missing or added is a compile error; texts are checked by the parity test (es/parity.test.ts).
 */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
