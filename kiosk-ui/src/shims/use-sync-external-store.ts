// react-i18next imports `use-sync-external-store/shim`, the React 17 fallback of a hook React 18+
// has built in. With React 19 the shim only hands React's own back, so it is resolved to React's
// (vite.config.ts) and its fallback code stays out of the first screen's bundle.
export { useSyncExternalStore } from 'react';
