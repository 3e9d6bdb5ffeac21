/** The flags Debian's Chromium gets in the e2e suites and the benches (chromium-args.mjs). */
export declare const CHROMIUM_ARGS: string[];
