import type { MessageTree } from '../types';

/** Login, register, forgot password, link a rental (shell spec §2, §8). Filled by the engineer who builds the area. */
export const account = {} satisfies MessageTree;
