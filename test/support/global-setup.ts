// Vitest global setup (`npm test`): redis-server and nginx are there before any test starts, or the run stops saying why.
import { NGINX, provideOrStop, REDIS_SERVER } from './provision.js';

export default function setup(): void {
  provideOrStop(REDIS_SERVER);
  provideOrStop(NGINX);
}
