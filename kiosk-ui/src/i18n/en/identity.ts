import type { MessageTree } from '../types';

/** Identity verification and the one-time-code popup (rental spec §2, §8). Filled by the engineer who builds the area. */
export const identity = {} satisfies MessageTree;
