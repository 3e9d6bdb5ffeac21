import type { SectionName } from './sections';

/**
 * The section shown before any other (the space list). In its own module because the shell reads
 * it on the first screen (ShellStore.rentalSection), before the rental store and the section lists
 * in ./sections arrive.
 */
export const DEFAULT_SECTION: SectionName = 'detail_page';
