// Vitest global setup (`npm test`): redis-server is there before any test starts, or the run stops saying why.
import { provideOrStop, REDIS_SERVER } from './provision.js';

export default function setup(): void {
  provideOrStop(REDIS_SERVER);
}
