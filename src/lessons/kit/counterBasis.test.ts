// What each hardware counter's rule rests on, as the Counters panel says it beside the rule: the
// model's reading exactly when one of its sources is the project's own reasoning (a `model` entry
// of the bibliography), so a rule read off a vendor description is never shown as read in code.
import { describe, expect, it } from 'vitest';
import { COUNTER_DEFS } from '../../core/hw/counterDefs.ts';
import { SOURCES } from './sources.ts';

describe('counter rules say what they rest on', () => {
  for (const [profile, defs] of Object.entries(COUNTER_DEFS)) {
    it(`${profile}: a rule is the model's reading exactly when a source of it is tagged model`, () => {
      for (const d of defs) {
        const modelled = d.sources.some((k) => SOURCES[k]?.tag === 'model');
        expect(d.basis === 'model', `${d.name}: ${d.basis} with sources ${d.sources.join(', ')}`).toBe(modelled);
      }
    });
  }
});
