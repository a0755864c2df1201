// Predicates in words, for a person: the step's check in the teacher's guide, a challenge's goal
// on the page, a refused replay in `lesson check`. Known probe fields read as their labels.
import type { Match, NumExpr, NumTest, Predicate, Where } from './predicateTypes.ts';

/** Labels of probe fields the instruments expose (a field not here reads as its path). */
const LABELS: Record<string, string> = {
  now: 'the simulated time (ns)', profile: 'the driver profile',
  hitRate: 'the hit rate', mops: 'the throughput (Mops)', peakMops: 'the peak throughput (Mops)', engineUtilization: 'the engine utilization',
  valid: 'a measurement window has closed', walkCostNs: 'the table walk (ns)', serviceNs: 'the service time (ns)', queueNs: 'the queueing time (ns)',
  'compare.a.valid': 'side A has measured', 'compare.b.valid': 'side B has measured', 'compare.a.policy': 'side A\'s policy', 'compare.b.policy': 'side B\'s policy',
  'compare.a.hitRate': 'side A\'s hit rate', 'compare.b.hitRate': 'side B\'s hit rate', 'compare.a.mops': 'side A\'s throughput (Mops)', 'compare.b.mops': 'side B\'s throughput (Mops)',
  hostReads: 'the PCIe reads per miss', tableBytes: 'the host table memory (bytes)', 'config.tableLevels': 'the table levels',
  'config.qps': 'the active QPs', 'config.preset': 'the preset', 'config.pattern': 'the access pattern', 'config.pinned.length': 'the pinned QPs',
  drained: 'the storm has drained', t: 'the storm time (ns)', 'settings.preset': 'the NIC preset', 'summary.eqOverruns': 'the EQ overruns',
  'summary.lostReports': 'the lost reports', 'summary.reported': 'the reported QPs', 'summary.faulted': 'the faulted QPs',
  'reset.result.staleAccepted': 'a stale packet was accepted', 'reset.settings.reuse': 'the QPNs are reused',
  'reset.settings.quarantine': 'the QPN quarantine is on', 'reset.settings.randomPsn': 'the random initial PSN is on',
};
const label = (path: string) => LABELS[path] ?? `\`${path}\``;

/** Host 0 is A, 1 is B, … as the page names them. */
export const hostName = (h: number) => (h < 26 ? String.fromCharCode(65 + h) : `#${h}`);
const qp = (host: number, qpn: number) => `QP 0x${qpn.toString(16)} on host ${hostName(host)}`;

function matchText(m: Match): string {
  if (m === null || typeof m !== 'object') return JSON.stringify(m);
  if (Array.isArray(m)) return `one of ${m.map((x) => JSON.stringify(x)).join(', ')}`;
  if ('prefix' in m) return `starting with "${m.prefix}"`;
  if ('matches' in m) return `matching /${m.matches}/`;
  if ('has' in m) return `including ${JSON.stringify(m.has)}`;
  if ('not' in m) return `not ${matchText(m.not)}`;
  if (m.min !== undefined && m.max !== undefined) return `from ${m.min} to ${m.max}`;
  return m.min !== undefined ? `at least ${m.min}` : m.max !== undefined ? `at most ${m.max}` : 'anything';
}

function whereText(w: Where | undefined): string {
  if (!w) return '';
  const host = typeof w.host === 'number' ? ` on host ${hostName(w.host)}` : '';
  const parts = Object.entries(w).filter(([k]) => !(k === 'host' && host)).map(([k, m]) => `${k} ${matchText(m)}`);
  return `${host}${parts.length ? ` with ${parts.join(', ')}` : ''}`;
}

function countText(q: { atLeast?: number; atMost?: number }): string {
  if (q.atLeast !== undefined && q.atMost !== undefined) return q.atLeast === q.atMost ? `exactly ${q.atLeast}` : `${q.atLeast} to ${q.atMost}`;
  if (q.atMost !== undefined) return q.atMost === 0 ? 'no' : `at most ${q.atMost}`;
  return `at least ${q.atLeast ?? 1}`;
}

export function describeNum(n: NumExpr): string {
  if (typeof n === 'number') return String(n);
  if ('read' in n) return label(n.read);
  if ('ctx' in n) return `${n.ctx.field} of ${qp(n.ctx.host, n.ctx.qpn)}`;
  if ('count' in n) return 'events' in n.count ? `the number of ${n.count.last ? 'newest ' : ''}${n.count.events} events${whereText(n.count.where)}` : `the number of items in ${label(n.count.list)}${whereText(n.count.where)}`;
  if ('add' in n) return `(${n.add.map(describeNum).join(' + ')})`;
  if ('sub' in n) return `(${describeNum(n.sub[0])} − ${describeNum(n.sub[1])})`;
  if ('mul' in n) return n.mul.map(describeNum).join(' × ');
  if ('div' in n) return `${describeNum(n.div[0])} / ${describeNum(n.div[1])}`;
  return `${describeNum(n.round)} rounded${n.to && n.to !== 1 ? ` to ${n.to}` : ''}`;
}

function numText(c: NumTest): string {
  const tol = [c.tolerance ? `±${c.tolerance}` : '', c.relTolerance ? `±${Math.round(c.relTolerance * 1000) / 10}%` : ''].filter(Boolean).join(' or ');
  const parts: string[] = [];
  if (c.between) parts.push(`is between ${c.between[0]} and ${c.between[1]}`);
  if (c.equals !== undefined) parts.push(`equals ${describeNum(c.equals)}`);
  if (c.atLeast !== undefined) parts.push(`is at least ${describeNum(c.atLeast)}`);
  if (c.atMost !== undefined) parts.push(`is at most ${describeNum(c.atMost)}`);
  if (c.above !== undefined) parts.push(`is above ${describeNum(c.above)}`);
  if (c.below !== undefined) parts.push(`is below ${describeNum(c.below)}`);
  return `${describeNum(c.of)} ${parts.join(' and ')}${tol ? ` (${tol})` : ''}`;
}

/** The predicate in one English sentence fragment (no final period). */
export function describePredicate(p: Predicate): string {
  if ('all' in p) return p.all.length === 1 ? describePredicate(p.all[0]) : p.all.map(describePredicate).join('; and ');
  if ('any' in p) return p.any.length === 1 ? describePredicate(p.any[0]) : `either ${p.any.map(describePredicate).join('; or ')}`;
  if ('not' in p) return `not (${describePredicate(p.not)})`;
  if ('state' in p) return `${qp(p.state.host, p.state.qpn)} is in ${Array.isArray(p.state.is) ? p.state.is.join(' or ') : p.state.is}`;
  if ('selected' in p) return p.selected ? `${qp(p.selected.host, p.selected.qpn)} is selected` : 'no QP is selected';
  if ('events' in p) return `${countText(p.events)} ${p.events.last ? 'newest ' : ''}${p.events.kind} event${p.events.atLeast === 1 || p.events.atLeast === undefined ? '' : 's'}${whereText(p.events.where)} since the step began`;
  if ('items' in p) return `${countText(p.items)} item(s) of ${label(p.items.list)}${whereText(p.items.where)}${p.items.every ? `, every one${whereText(p.items.every)}` : ''}`;
  if ('field' in p) {
    if (p.field.is === true && LABELS[p.field.path]) return LABELS[p.field.path];
    if (p.field.is === false && LABELS[p.field.path]) return `not: ${LABELS[p.field.path]}`;
    return `${label(p.field.path)} is ${matchText(p.field.is)}`;
  }
  return numText(p.num);
}
