/** A catalogue area: nested keys ending in the spec's exact English text. */
export interface MessageTree {
  readonly [key: string]: string | MessageTree;
}
