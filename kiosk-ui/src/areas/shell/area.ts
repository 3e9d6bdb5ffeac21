import type { AreaDefinition } from '../../sections/area';
import type { TriviaStore } from './TriviaStore';
import WelcomeScreen from './screens/WelcomeScreen';

/** The shell: the welcome (in the first screen's bundle), the developer page and the trivia quiz. */
const stores = {
  trivia: (): Promise<typeof TriviaStore> => import('./TriviaStore').then((module) => module.TriviaStore),
};

export const shellArea: AreaDefinition<'shell', typeof stores> = {
  screens: {
    home: { inBundle: WelcomeScreen },
    samples: { load: () => import('./screens/SamplesScreen'), stores: ['account'] },
  },
  stores,
};
