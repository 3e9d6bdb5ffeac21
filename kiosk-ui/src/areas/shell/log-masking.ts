/**
 * The navigation log's masking: maskSecrets and the one rule for fields it applies (shared-types
 * masking-log.ts, secret-fields.ts). A module of its own, so that it is a chunk of its own outside
 * the first screen (its budget: docs/performance.md); NavigationLog fetches it when it starts
 * (loadLogMasking).
 */
export { maskSecrets } from '@kiosk/shared-types';
