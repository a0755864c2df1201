// Acting in the past replaces the recorded future (DESIGN.md: acting in the past forks). The
// old future is not thrown away at once: it is kept so the person can undo the act, or compare
// what the old future did with what the new one does, at the same instant.
import { Simulation, type Scenario, type Summary } from '../../core/index.ts';
import type { ForkInfo } from './types.ts';

interface Kept { scenario: Scenario; t: number; maxT: number }

export interface ForkCompare {
  at: number;
  old: Omit<Summary, 'qps'>;
  now: Omit<Summary, 'qps'>;
}

export class ForkKeeper {
  private kept: Kept | null = null;

  keep(k: Kept): void {
    this.kept = { scenario: k.scenario, t: k.t, maxT: k.maxT };
  }

  info(): ForkInfo | null {
    const k = this.kept;
    return k ? { at: k.t, oldMaxT: k.maxT, droppedCommands: k.scenario.commands.filter((c) => c.t > k.t).length } : null;
  }

  take(): Kept | null {
    const k = this.kept;
    this.kept = null;
    return k;
  }

  clear(): void {
    this.kept = null;
  }

  /** Both futures run (fresh, headless) to the old future's end: their summaries side by side. */
  compare(current: Scenario): ForkCompare | null {
    const k = this.kept;
    if (!k) return null;
    const at = k.maxT;
    const run = (s: Scenario) => { const sim = new Simulation(s, { trace: 'hash' }); sim.runUntil(at); const { qps: _q, ...rest } = sim.summary(); return rest; };
    return { at, old: run(k.scenario), now: run(current) };
  }
}
