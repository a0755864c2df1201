// The channel parameters in force: the scenario's, or mlx5's defaults for a scenario that has
// no channel but still meets a fault that needs a driver (a device death, for instance).
import { resolveChannel, type Channel } from './presets.ts';
import type { StormState } from './state.ts';

const DEFAULT_CHANNEL: Channel = resolveChannel({ preset: 'mlx5', policy: 'fifo', consumer: 'kernel' }, 60);

export function params(st: StormState): Channel {
  return st.channel ?? DEFAULT_CHANNEL;
}
