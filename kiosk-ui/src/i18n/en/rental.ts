import type { MessageTree } from '../types';

/** The rental and reservation steps, side panel and confirmation (rental spec §2, §8). Filled by the engineer who builds the area. */
export const rental = {} satisfies MessageTree;
