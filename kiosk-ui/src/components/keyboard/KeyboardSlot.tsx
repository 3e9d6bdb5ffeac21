import { Suspense, useEffect, useState } from 'react';
import { loadAreaTexts } from '../../i18n/setup';
import { lazyWithPreload } from '../../utils/lazyWithPreload';

// The keyboard (its host, typing rules and layouts, then the keys) and its texts are not part of
// the first screen (its budget: docs/performance.md): they load the first time a field gets focus, or earlier with
// prefetchScreens.
const host = lazyWithPreload(() =>
  Promise.all([import('./KeyboardHost'), loadAreaTexts()]).then(([module]) => ({ default: module.KeyboardHost })),
);

/** Fetches the keyboard's code (host and keys) ahead of the first focused field (screens/registry.ts). */
export function loadKeyboard(): Promise<unknown> {
  return host
    .load()
    .then(() => import('./KeyboardHost'))
    .then((module) => module.loadKeys());
}

/** A field the keyboard may type into; KeyboardHost itself decides which (typing.ts isTextField). */
function mayType(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

/**
 * Where the shell's on-screen keyboard lives: nothing until a field first gets focus, then
 * KeyboardHost for good (it follows focus from there and picks up the field that has it).
 */
export function KeyboardSlot() {
  const [wanted, setWanted] = useState(() => typeof document !== 'undefined' && mayType(document.activeElement));
  useEffect(() => {
    if (wanted) return undefined;
    const onFocusIn = (event: FocusEvent) => {
      if (mayType(event.target)) setWanted(true);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <host.Component />
    </Suspense>
  );
}
