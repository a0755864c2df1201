// Row (d): the soak. Each instrument plays at top speed for minutes of wall time while its
// worker's JS heap (after a forced GC, so the figure is what is retained), the page's heap and
// the renderer's resident memory are sampled, with the worker's own counts of what it keeps
// (events, checkpoints, log matches; series and sweep jobs in the memory lab). The figure is
// the heap's growth after warm-up (the trace window and the checkpoints fill in the first
// seconds): bounded memory means it stays flat, target ≤ 10 %. A figure, never asserted.
//   SOAK_MS      each instrument's soak in ms of wall time (default 600000: 10 minutes)
//   SOAK_LAB_MS  the NIC-memory and faults soaks alone (default SOAK_MS)
import { readFileSync } from 'node:fs';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import type { Probe, ProbeContext, Row } from '../types.ts';

const SOAK_MS = Number(process.env.SOAK_MS ?? 600_000);
const LAB_MS = Number(process.env.SOAK_LAB_MS ?? SOAK_MS);
const SAMPLES = 40;
const MB = 1 << 20;

type Counts = Record<string, number | string | null>;
/** The page's console handle (src/app/main.tsx): each instrument's client, whose call() reaches its worker. */
type Hook = { qpScope?: Record<string, () => { call(name: string, ...args: unknown[]): Promise<unknown> }> };

interface Lab {
  name: string;
  hash: string;
  worker: RegExp;
  ms: number;
  /** Which client of window.qpScope answers bounds(). */
  counts: 'transport' | 'memory' | 'faults';
}

const LABS = (): Lab[] => [
  { name: 'Transport', hash: '', worker: /transport\.worker/, ms: SOAK_MS, counts: 'transport' },
  { name: 'NIC memory', hash: '#lab=memory', worker: /memory\.worker/, ms: LAB_MS, counts: 'memory' },
  { name: 'Faults at scale', hash: '#lab=faults', worker: /faults\.worker/, ms: LAB_MS, counts: 'faults' },
];

/**
 * The worker's heap through the page's CDP session: auto-attach without flattening, then
 * Runtime.getHeapUsage and HeapProfiler.collectGarbage sent to the worker's session.
 */
class WorkerHeap {
  private workers = new Map<string, string>();
  private pending = new Map<number, (r: unknown) => void>();
  private id = 1;

  private constructor(private readonly cdp: CDPSession) {
    cdp.on('Target.attachedToTarget' as never, (e: { sessionId: string; targetInfo: { type: string; url: string } }) => {
      if (e.targetInfo.type === 'worker') this.workers.set(e.sessionId, e.targetInfo.url);
    });
    cdp.on('Target.detachedFromTarget' as never, (e: { sessionId: string }) => { this.workers.delete(e.sessionId); });
    cdp.on('Target.receivedMessageFromTarget' as never, (e: { message: string }) => {
      const m = JSON.parse(e.message) as { id?: number; result?: unknown };
      if (m.id !== undefined) { this.pending.get(m.id)?.(m.result ?? null); this.pending.delete(m.id); }
    });
  }

  static async open(cdp: CDPSession): Promise<WorkerHeap> {
    const w = new WorkerHeap(cdp);
    await cdp.send('Target.setAutoAttach' as never, { autoAttach: true, waitForDebuggerOnStart: false, flatten: false } as never);
    return w;
  }

  private async send(session: string, method: string): Promise<unknown> {
    const id = this.id++;
    const answer = new Promise((r) => this.pending.set(id, r));
    await this.cdp.send('Target.sendMessageToTarget' as never, { sessionId: session, message: JSON.stringify({ id, method }) } as never);
    return answer;
  }

  /** Used heap bytes of the (newest) worker whose script matches, after a full GC; null if none is attached. */
  async used(url: RegExp): Promise<number | null> {
    const session = [...this.workers].filter(([, u]) => url.test(u)).at(-1)?.[0];
    if (!session) return null;
    await this.send(session, 'HeapProfiler.collectGarbage');
    const r = (await this.send(session, 'Runtime.getHeapUsage')) as { usedSize?: number } | null;
    return r?.usedSize ?? null;
  }
}

/** Resident memory of the largest renderer process (the page and its workers live in one), from /proc. */
async function rendererRss(ctx: ProbeContext): Promise<number | null> {
  try {
    const b = await ctx.browser.newBrowserCDPSession();
    const info = (await b.send('SystemInfo.getProcessInfo' as never)) as unknown as { processInfo: { type: string; id: number }[] };
    await b.detach();
    let most = 0;
    for (const p of info.processInfo.filter((x) => x.type === 'renderer')) {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p.id}/status`, 'utf8'));
      if (kb) most = Math.max(most, Number(kb[1]) * 1024);
    }
    return most || null;
  } catch {
    return null;
  }
}

async function counts(page: Page, lab: Lab): Promise<Counts | null> {
  return page.evaluate(async (name) => {
    const c = (window as unknown as Hook).qpScope?.[name]?.();
    if (!c) return null;
    // The full log's filtered query, as a person scrolling it would run it: its matches are held too.
    if (name === 'transport') await c.call('log', { kinds: ['cqe', 'state'], qp: null, text: '', offset: 0, limit: 50 });
    return (await c.call('bounds')) as Counts;
  }, lab.counts);
}

/** Keep it playing: the transport run starts over at its end, a storm restarts once drained. */
async function keepPlaying(page: Page, lab: Lab): Promise<boolean> {
  const play = page.getByTestId('play');
  if ((await play.getAttribute('aria-pressed')) === 'true') return false;
  if (lab.counts === 'transport') await page.evaluate(async () => { await (window as unknown as Hook).qpScope?.transport?.().call('seek', 0); });
  await play.click();
  return true;
}

/** The transport sandbox lengthened to the schema's longest duration (10 s simulated), through the page's own hook. */
async function lengthen(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const c = (window as unknown as Hook).qpScope?.transport?.();
    if (!c) return 'window.qpScope missing: sandbox not lengthened';
    const { scenario } = (await c.call('exportScenario')) as { scenario: { config: { durationNs?: number } } };
    scenario.config.durationNs = 10_000_000_000;
    const r = (await c.call('load', scenario, 0)) as { ok: boolean; error?: string };
    return r.ok ? 'the sandbox lengthened to 10 s simulated' : `the sandbox could not be lengthened: ${r.error}`;
  });
}

interface Sample { at: number; worker: number | null; page: number; rss: number | null; counts: Counts | null }

const mb = (b: number | null) => (b === null ? '–' : `${(b / MB).toFixed(1)} MB`);
const pct = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`;

async function soak(ctx: ProbeContext, lab: Lab): Promise<Row> {
  const context: BrowserContext = await ctx.appContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const heap = await WorkerHeap.open(cdp);
  await page.goto(`${ctx.appURL}${lab.hash}`);
  await page.getByTestId('play').and(page.locator(':enabled')).waitFor({ timeout: 120_000 });
  const notes: string[] = [];
  if (lab.counts === 'transport') notes.push(await lengthen(page));
  const speed = page.getByTestId('speed');
  await speed.fill(String(await speed.getAttribute('max')));
  await keepPlaying(page, lab);
  let restarts = 0;
  const samples: Sample[] = [];
  const t0 = Date.now();
  for (let k = 0; k <= SAMPLES; k++) {
    const wait = t0 + (lab.ms * k) / SAMPLES - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (await keepPlaying(page, lab)) restarts++;
    const worker = await heap.used(lab.worker);
    await cdp.send('HeapProfiler.collectGarbage');
    const m = await cdp.send('Performance.getMetrics');
    const pageHeap = m.metrics.find((x) => x.name === 'JSHeapUsedSize')?.value ?? 0;
    samples.push({ at: Date.now() - t0, worker, page: pageHeap, rss: await rendererRss(ctx), counts: await counts(page, lab) });
  }
  const end = lab.counts === 'transport' ? await page.getByTestId('sim-time').innerText().catch(() => '') : '';
  await context.close();
  return row(lab, samples, restarts, end, notes);
}

/** Median of the worker heap over samples [from, to). */
function medianHeap(s: Sample[], from: number, to: number): number | null {
  const xs = s.slice(from, to).map((x) => x.worker).filter((x): x is number => x !== null).sort((a, b) => a - b);
  return xs.length ? xs[Math.floor(xs.length / 2)] : null;
}

function row(lab: Lab, s: Sample[], restarts: number, end: string, notes: string[]): Row {
  // One sample is noisy (a GC'd heap still holds whatever the current slice allocated): compare
  // the median of the samples just after warm-up (the first tenth) with the median of the last tenth.
  const tenth = Math.max(1, Math.floor(s.length / 10));
  const warmAt = s[tenth];
  const warm = medianHeap(s, tenth, 2 * tenth);
  const last = s[s.length - 1];
  const tail = medianHeap(s, s.length - tenth, s.length);
  const w = s.map((x) => x.worker).filter((x): x is number => x !== null);
  const figure = warm !== null && tail !== null && s[0].worker !== null
    ? `worker heap ${mb(warm)} after warm-up → ${mb(tail)} at the end: ${pct(warm, tail)} (at the start ${mb(s[0].worker)}; lowest ${mb(Math.min(...w))}, peak ${mb(Math.max(...w))})`
    : 'worker heap not measured (no worker session)';
  const most = (key: string) => Math.max(...s.map((x) => Number(x.counts?.[key] ?? 0)));
  const kept = lab.counts === 'transport'
    ? `kept events ≤ ${most('traceKept').toLocaleString('en')} (window ${String(s[0].counts?.traceKeep ?? '?')}) of ${Number(last.counts?.traceCount ?? 0).toLocaleString('en')} produced; checkpoints ≤ ${most('checkpoints')} (≤ ${mb(most('checkpointBytes'))} estimated); log matches ≤ ${most('logMatches').toLocaleString('en')}; ${last.counts?.stopped ? `stopped: ${String(last.counts.stopped)}` : 'no budget stop'}`
    : lab.counts === 'memory'
      ? `series ≤ ${most('series')} windows (compare ≤ ${most('compareSeries')}), sweep jobs ≤ ${most('sweepJobs')}, ${Number(last.counts?.packets ?? 0).toLocaleString('en')} packets played`
      : `kept events ≤ ${most('traceKept').toLocaleString('en')} (a storm hashes its trace instead); EQ occupancy samples ≤ ${most('eqSamples').toLocaleString('en')} (twin ≤ ${most('twinEqSamples').toLocaleString('en')}; the history's cap is 4,096)`;
  return {
    area: 'Soak',
    measure: `${lab.name}${lab.hash ? ` (${lab.hash})` : ''}, top speed, ${(lab.ms / 60_000).toFixed(lab.ms % 60_000 ? 1 : 0)} min of wall time`,
    figure,
    target: 'heap growth ≤ 10 % after warm-up; logs, traces and checkpoints bounded',
    note: [
      kept,
      `page heap ${mb(warmAt.page)} → ${mb(last.page)}; largest renderer RSS ${mb(warmAt.rss)} → ${mb(last.rss)}`,
      `${s.length} samples, a GC before each; medians of the samples after the first ${Math.round(warmAt.at / 1000)} s (warm-up) and of the last tenth`,
      ...notes,
      restarts ? `played again ${restarts} time${restarts === 1 ? '' : 's'} (end reached or storm drained)` : '',
      end ? `at the end: ${end.trim()}` : '',
    ].filter(Boolean).join('; '),
  };
}

export const soakProbe: Probe = {
  id: 'soak',
  async run(ctx) {
    const rows: Row[] = [];
    for (const lab of LABS()) {
      ctx.log(`soak: ${lab.name} for ${(lab.ms / 1000).toFixed(0)} s`);
      const r = await soak(ctx, lab);
      ctx.log(`soak: ${r.measure}: ${r.figure}`);
      rows.push(r);
    }
    return rows;
  },
};
