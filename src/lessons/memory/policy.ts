import { cmpReady, type Lesson } from './types.ts';

export const policyLesson: Lesson = {
  id: 'policy', lab: 'memory', topic: 8, title: 'Eviction policy',
  summary: 'Which context leaves the cache, and why the choice matters under skew and scans; dirty victims and pinning.',
  setup: [{ kind: 'preset', preset: 'cx3', qps: 1000 }, { kind: 'compare', a: { policy: 'lru' }, b: { policy: 'fifo' } }],
  sources: ['2Q: Johnson & Shasha, VLDB 1994', 'No commercial RNIC publishes its policy (qp-cache-numbers.md (b))'],
  steps: [
    { id: 'uniform', title: 'Uniform traffic: policy barely matters', highlight: 'compare',
      text: ['With every QP equally likely any victim is as good as any other: LRU, FIFO and random all converge on a hit rate of about C/N.'] },
    { id: 'zipf', title: 'Skew: keep the hot QPs', highlight: 'compare',
      text: ['Under Zipf traffic a few QPs carry most packets. LFU keeps the heavy hitters; random throws them out as often as anything else.'],
      task: 'Choose Zipf traffic, give A LFU and B Random.',
      check: (p) => p.config.pattern === 'zipf' && cmpReady(p) && p.compare!.a.policy === 'lfu' && p.compare!.b.policy === 'random' && p.compare!.a.hitRate > p.compare!.b.hitRate + 0.03,
      solution: [{ kind: 'config', patch: { pattern: 'zipf', skew: 1.1 } }, { kind: 'compare', a: { policy: 'lfu' }, b: { policy: 'random' } }] },
    { id: 'scan', title: 'A scan breaks LRU', highlight: 'compare',
      text: ['Half the packets go to a small hot set; the rest scan every QP in order. Under LRU each scanned QP pushes a hot one out. 2Q admits a QP seen once only to its small A1in queue, so the hot QPs in Am survive.'],
      task: 'Choose “Scan + hot set” traffic, give A 2Q and B LRU.',
      check: (p) => p.config.pattern === 'scan' && cmpReady(p) && p.compare!.a.policy === '2q' && p.compare!.b.policy === 'lru' && p.compare!.a.hitRate > p.compare!.b.hitRate + 0.05,
      solution: [{ kind: 'config', patch: { pattern: 'scan', skew: 0.5 } }, { kind: 'compare', a: { policy: '2q' }, b: { policy: 'lru' } }] },
    { id: 'pin', title: 'Dirty victims and pinning', highlight: 'cache',
      text: ['Every RC packet updates hardware fields (PSNs, counters), so victims are dirty: the purple corners and the ↓ write-backs. A pinned QP is never chosen as a victim; pin a whole set and misses to it bypass the cache.'],
      task: 'Select a slot in the Cache tab and pin its QP.',
      check: (p) => p.config.pinned.length > 0,
      solution: [{ kind: 'pin', qpn: 16 }] },
  ],
};
