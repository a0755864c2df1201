// @vitest-environment node
// The log's filter groups cover the event union exactly: every kind src/core/model/events.ts
// declares is in one group and one only, so turning a group off never hides a kind that no
// button can bring back, and turning every group on again shows every event of a real run.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { Simulation, type SimEvent } from '../../../core/index.ts';
import type { LogGroup } from '../../../store/transport.ts';
import { GROUP_LABEL, KINDS_OF, groupOf } from './eventText.ts';

// Read from the union's source, not from the groups, so a kind added there and grouped nowhere fails here.
const source = readFileSync(new URL('../../../core/model/events.ts', import.meta.url), 'utf8');
const declared = [...source.matchAll(/^\s*\| \{ kind: '([^']+)'/gm)].map((m) => m[1]);
const groups = Object.keys(GROUP_LABEL) as LogGroup[];

it('reads the event kinds from the union (at least the 28 of issue 10)', () => {
  expect(declared.length).toBeGreaterThanOrEqual(28);
  expect(new Set(declared).size).toBe(declared.length);
  expect(declared).toEqual(expect.arrayContaining(['mr', 'mem', 'srq', 'cqe-purged', 'destroy-wait']));
});

it('every declared kind is in exactly one filter group, and the groups name no other kind', () => {
  const placed = groups.flatMap((g) => KINDS_OF[g].map((k) => [k, g] as const));
  for (const k of declared) expect(placed.filter(([x]) => x === k).map(([, g]) => g), k).toHaveLength(1);
  expect(placed.map(([k]) => k).sort()).toEqual([...declared].sort());
  expect(Object.keys(KINDS_OF).sort()).toEqual([...groups].sort());
});

it('groupOf (the recent log) and KINDS_OF (the full log) agree for every kind', () => {
  for (const g of groups) for (const k of KINDS_OF[g]) expect(groupOf({ kind: k } as SimEvent), k).toBe(g);
});

it.each(['srq-shared.json', 'keys-dereg-under-write.json'])('%s: the groups partition the run\'s events (none hidden, none twice)', (file) => {
  const scenario = JSON.parse(readFileSync(new URL(`../../../../fixtures/scenarios/${file}`, import.meta.url), 'utf8'));
  const sim = new Simulation(scenario);
  sim.runUntil(Math.min(sim.scenario.config.durationNs, 400_000));
  const events = sim.events();
  const kinds = new Set(events.map((e) => e.kind));
  // The runs hold the kinds the old hand-written lists left out.
  expect([...kinds].filter((k) => ['mr', 'mem', 'srq', 'cqe-purged', 'destroy-wait'].includes(k)).length).toBeGreaterThan(0);
  const shown = groups.map((g) => events.filter((e) => KINDS_OF[g].includes(e.kind)).length);
  expect(shown.reduce((a, b) => a + b, 0)).toBe(events.length);
});
