import type { MessageTree } from '../types';

/** Rental documents, protection brochure, document signing and facility map (shell spec §2). Filled by the engineer who builds the area. */
export const documents = {} satisfies MessageTree;
