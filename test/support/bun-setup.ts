// Bun's preload for `bun test` (`npm run test:bun`): redis-server is there before any test starts, or the run stops saying why.
import { provideOrStop, REDIS_SERVER } from './provision.js';

provideOrStop(REDIS_SERVER);
