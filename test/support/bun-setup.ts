// Bun's preload for `bun test` (`npm run test:bun`): redis-server and nginx are there before any test starts, or the run stops saying why.
import { NGINX, provideOrStop, REDIS_SERVER } from './provision.js';

provideOrStop(REDIS_SERVER);
provideOrStop(NGINX);
