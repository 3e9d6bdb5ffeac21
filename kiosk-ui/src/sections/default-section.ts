/**
 * The section shown before any other (the space list). In its own module, with no import, because
 * the shell reads it on the first screen (ShellStore.rentalSection), before the rental store and
 * the section lists in ./sections arrive; ./sections checks it is a section name.
 */
export const DEFAULT_SECTION = 'detail_page';
