// The one client views use. The app installs it at start-up (app/boot.ts).
import type { SimClient } from './client.ts';

let current: SimClient | null = null;

export function installClient(c: SimClient): void {
  current = c;
}

export function sim(): SimClient {
  if (!current) throw new Error('bridge: the simulation client is not started yet');
  return current;
}

export { SimClient } from './client.ts';
