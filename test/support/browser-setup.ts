// Vitest global setup of the browser tests (`npm run test:browser`): Chromium is there, or the run stops saying why.
import { CHROMIUM, provideOrStop } from './provision.js';

export default function setup(): void {
  provideOrStop(CHROMIUM);
}
