import './styles/global.css';
import { afterNextPaint, hasFirstPaint } from './utils/first-paint';

// The entry is this small on purpose. When the page came with the daemon's first paint of the
// welcome screen, the browser puts it on screen before the app's modules are evaluated and its
// stores and first render take the main thread (at 4× CPU slowdown, most of a second). The
// stylesheet stays here: the first paint is drawn with it.
if (hasFirstPaint()) await afterNextPaint();
await import('./start');
