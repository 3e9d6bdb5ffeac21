import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from '../../stores/RootStore';

const StoresContext = createContext<RootStore | null>(null);

export function StoresProvider({ root, children }: { root: RootStore; children: ReactNode }) {
  return <StoresContext value={root}>{children}</StoresContext>;
}

/** The root store; components read `const { shell, config } = useStores()` inside an observer. */
export function useStores(): RootStore {
  const root = useContext(StoresContext);
  if (!root) throw new Error('useStores() is used outside <StoresProvider>.');
  return root;
}
