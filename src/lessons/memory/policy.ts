import { readyPair, type Lesson } from './types.ts';

/** A's hit rate minus B's, in points (0 until the compare pair runs). */
const hitLead = (p: Parameters<NonNullable<Lesson['steps'][number]['check']>>[0]) =>
  (p.compare ? 100 * (p.compare.a.hitRate - p.compare.b.hitRate) : 0);

export const policyLesson: Lesson = {
  id: 'policy', lab: 'memory', topic: 8, title: 'Eviction policy',
  summary: 'Which context leaves the cache, and why the choice matters under skew and scans; dirty victims and pinning.',
  why: 'Real traffic is skewed: a few hot QPs (a parameter server, a leader) and many cold ones, plus periodic sweeps over all of them. Which context a cache throws out decides whether the hot ones stay on chip.',
  setup: [{ kind: 'preset', preset: 'cx3', qps: 1000 }, { kind: 'compare', a: { policy: 'lru' }, b: { policy: 'fifo' } }],
  sources: ['2q', 'hangu: a simulator\'s LRU', 'model-cache: policies, dirty victims and pinning are the model\'s; no commercial RNIC publishes its policy'],
  steps: [
    { id: 'uniform', title: 'Uniform traffic: policy barely matters', highlight: 'compare', speed: 20_000,
      text: ['With every QP equally likely any victim is as good as any other: LRU, FIFO and random all converge on a hit rate of about C/N. No commercial RNIC publishes its policy; these are the textbook ones.'] },
    { id: 'fifo', title: 'Predict: FIFO against LRU under skew', highlight: 'compare',
      text: ['Your answer switches the traffic to Zipf: the k-th most popular QP gets a share ∝ 1/k^1.1. A keeps LRU, B keeps FIFO.'],
      question: {
        kind: 'one', prompt: 'Under Zipf traffic, which side keeps more hits?', masks: ['compare', 'hit-rate'],
        options: [
          { id: 'a', label: 'A (LRU), by 1 point of hit rate or more', range: [1, Infinity] },
          { id: 'same', label: 'About the same, within 1 point: FIFO and LRU both evict the oldest', range: [-1, 1], why: 'FIFO is not LRU: FIFO evicts whatever entered first, even the hottest QP touched a nanosecond ago; LRU moves a QP to the back on every use, so hot QPs stay.' },
          { id: 'b', label: 'B (FIFO), by 1 point or more', range: [-Infinity, -1], why: 'FIFO ignores use entirely, so it cannot protect the hot QPs that skewed traffic keeps touching.' },
        ],
        reveal: [{ kind: 'config', patch: { pattern: 'zipf', skew: 1.1 } }, { kind: 'compare', a: { policy: 'lru' }, b: { policy: 'fifo' } }], runNs: 200_000,
        measure: { of: hitLead, unit: 'points' },
        stated: 'a',
        because: 'LRU refreshes a QP on every hit; FIFO throws the hottest QP out as soon as it is the oldest arrival, then misses on it again.',
      } },
    { id: 'zipf', title: 'Skew: keep the hot QPs', highlight: 'compare',
      text: ['LFU keeps the heavy hitters; random throws them out as often as anything else.'],
      task: 'Give A LFU and B Random.',
      hints: ['The compare strip sets each side on its own: side A and side B each have a Policy list.', 'Set side A\'s Policy to LFU and side B\'s to Random, with the traffic pattern still Zipf, and let both settle.'],
      check: (p) => { const c = readyPair(p); return p.config.pattern === 'zipf' && c !== null && c.a.policy === 'lfu' && c.b.policy === 'random' && c.a.hitRate > c.b.hitRate + 0.03; },
      solution: [{ kind: 'config', patch: { pattern: 'zipf', skew: 1.1 } }, { kind: 'compare', a: { policy: 'lfu' }, b: { policy: 'random' } }] },
    { id: 'scan', title: 'Predict: a scan against LRU', highlight: 'compare',
      text: ['Your answer sets up this traffic: half the packets go to a small hot set, the rest scan every QP in order; A runs 2Q, B runs LRU. 2Q puts a QP it does not remember into a small FIFO (A1in), where a hit changes nothing; a QP pushed out of A1in leaves its QPN in a ghost list (A1out), and only a QP fetched again while its QPN is still there enters the main LRU (Am).'],
      question: {
        kind: 'one', prompt: 'Under "Scan + hot set", which side keeps more hits?', masks: ['compare', 'hit-rate'],
        options: [
          { id: 'a', label: 'A (2Q), by 2 points of hit rate or more', range: [2, Infinity] },
          { id: 'b', label: 'B (LRU), by 2 points or more', range: [-Infinity, -2], why: 'LRU keeps what was used recently, and a scan makes every QP recently used once: each scanned QP pushes a hot one out.' },
          { id: 'same', label: 'About the same, within 2 points', range: [-2, 2], why: 'The scan is exactly where the two differ: LRU admits every scanned QP to the main list, 2Q only to its small probation queue.' },
        ],
        reveal: [{ kind: 'config', patch: { pattern: 'scan', skew: 0.5 } }, { kind: 'compare', a: { policy: '2q' }, b: { policy: 'lru' } }], runNs: 200_000,
        measure: { of: hitLead, unit: 'points' },
        stated: 'a',
        because: 'A scanned QP comes back only after the whole scan, long after its ghost has left A1out, so it passes through A1in and leaves without touching Am: the hot set in Am survives. Under LRU each scanned QP evicts a hot one.',
      } },
    { id: 'pin', title: 'Dirty victims and pinning', highlight: 'cache',
      text: ['In this model every RC packet updates hardware fields (PSNs, counters), so victims are dirty: the purple corners and the ↓ write-backs. A pinned QP is never chosen as a victim; pin a whole set and misses to it bypass the cache. Both are the model\'s choices — no vendor documents them.'],
      task: 'Select a slot in the Cache tab and pin its QP.',
      hints: ['The Cache tab draws every slot of the cache; clicking one shows its QP in the panel beside the grid.', 'With a slot selected, press “Pin this QP”.'],
      check: (p) => p.config.pinned.length > 0,
      solution: [{ kind: 'pin', qpn: 16 }] },
    { id: 'diagnose', title: 'Diagnose: what an engineer sees', highlight: 'compare',
      text: ['A parameter server: a few QPs carry half the packets. Every few minutes a health check touches all 1,000 connections in turn, and while it runs the hot QPs\' throughput sags, then recovers slowly. What the engineer can read: every completion succeeds, every QP in RTS; during the check the NIC\'s context-fetch counter jumps, and most of the fetches are for the hot QPs. Side A runs the NIC\'s recency-ordered policy, side B another one.'],
      question: {
        kind: 'one', prompt: 'What happens to the cache during the check, and what would protect the hot QPs?',
        options: [
          { id: 'sweep', label: 'The sweep pushes the hot QPs\' contexts out, one swept QP at a time: pin the hot QPs, or admit each swept QP on probation first (2Q)' },
          { id: 'size', label: 'The hot set alone is larger than the cache: nothing but a larger cache helps', why: 'Outside the check the hot QPs hit; it is the sweep that evicts them.' },
          { id: 'dirty', label: 'Write-backs of dirty contexts saturate the bus: make contexts clean', why: 'Write-backs follow evictions; they do not choose the victims. The hot QPs are refetched because something evicted them.' },
          { id: 'random', label: 'The policy is random: switch to LRU', why: 'Recency is what the sweep exploits: every swept QP becomes the most recent one, so LRU evicts the hot QPs in favour of it.' },
        ],
        reveal: [{ kind: 'config', patch: { pattern: 'scan', skew: 0.5 } }, { kind: 'compare', a: { policy: 'lru' }, b: { policy: '2q' } }], runNs: 200_000,
        outcome: (p) => { const c = readyPair(p); return c && c.b.hitRate > c.a.hitRate + 0.02 ? 'sweep' : 'size'; },
        stated: 'sweep',
        because: 'Under LRU each swept QP becomes the most recently used and evicts one of the least recent, which between bursts are often hot QPs; 2Q keeps newcomers in its small probation queue (A1in), so the main list holding the hot set survives the sweep: B keeps more hits than A.',
      } },
  ],
};
