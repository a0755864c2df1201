// Challenges and the Verify page in the address: `#verify` shows the page, `#challenge=<id>`
// opens a built-in challenge's start in its instrument (as someone's link is opened: the
// person's own progress is kept) with the challenge bar over it; `&seed=<n>` is a seed an
// instructor hands out, `&code=<code>` a student's result, verified and shown with the goal.
// The attempt is read from the instrument's own link payload and graded in the verify worker.
import { create } from 'zustand';
import { encodeLink } from '../scenario/link/envelope.ts';
import { challengeById, startPayload } from '../lessons/challenges.ts';
import { verifier, type AttemptReply, type ChallengeInfo, type CodeRow } from '../bridge/verify.ts';
import { entryOf } from './registry.ts';
import { visit } from './links.ts';

export type Route = { page: 'verify'; codes: string } | { page: 'challenge'; id: string; seed: number | null; code: string | null };

/** The route an address names, or null for an instrument's address. */
export function routeOf(hash: string): Route | null {
  const q = new URLSearchParams(hash.replace(/^#/, '').slice(0, 10_000));
  if (q.has('verify')) return { page: 'verify', codes: q.get('codes') ?? '' };
  const id = q.get('challenge');
  if (id === null) return null;
  const seed = Number(q.get('seed'));
  return { page: 'challenge', id, seed: q.has('seed') && Number.isSafeInteger(seed) && seed >= 0 ? seed : null, code: q.get('code') };
}

interface Active { info: ChallengeInfo; seed: number; shared: { code: string; row: CodeRow | null } | null }
interface ChallengeState {
  active: Active | null; verifyPage: string | null; problem: string | null;
  /** The last attempt that met its goal, with its completion code (a course marks its item done). */
  met: { id: string; code: string } | null;
}

export const useChallenges = create<ChallengeState>(() => ({ active: null, verifyPage: null, problem: null, met: null }));

/** Open what a route names; false when the address is an instrument's (the caller opens it). */
export async function openRoute(r: Route): Promise<void> {
  if (r.page === 'verify') { useChallenges.setState({ verifyPage: r.codes }); return; }
  useChallenges.setState({ verifyPage: null });
  const def = challengeById(r.id);
  if (!def) { useChallenges.setState({ problem: `There is no challenge "${r.id.slice(0, 40)}".`, verifyPage: '' }); return; }
  const seed = r.seed ?? def.seed;
  const hash = encodeLink(def.instrument, entryOf(def.instrument).link.version, startPayload(def, seed));
  const o = await visit(`#${hash}`);
  if (!o.opened) return;
  const info: ChallengeInfo = { id: def.id, instrument: def.instrument, title: def.title, text: def.text, limits: { ...def.limits }, seed, scoreLabel: def.score?.label ?? null };
  useChallenges.setState({ active: { info, seed, shared: r.code ? { code: r.code, row: null } : null }, problem: null });
  if (r.code) {
    const row = await verifier().verify(r.code);
    const a = useChallenges.getState().active;
    if (a?.info.id === def.id && a.shared?.code === r.code) useChallenges.setState({ active: { ...a, shared: { code: r.code, row } } });
  }
}

/** Grade the attempt the instrument on screen holds now. */
export async function checkAttempt(): Promise<AttemptReply> {
  const a = useChallenges.getState().active;
  if (!a) return { ok: false, error: 'no challenge is open' };
  const e = entryOf(a.info.instrument);
  const payload = await e.payload(e.client());
  const r = await verifier().attempt(a.info.id, a.seed, payload);
  if (r.ok && r.met && r.code) useChallenges.setState({ met: { id: a.info.id, code: r.code } });
  return r;
}

export function shareLink(code: string): string {
  const a = useChallenges.getState().active;
  const q = a ? `challenge=${encodeURIComponent(a.info.id)}&seed=${a.seed}&code=${encodeURIComponent(code)}` : `verify&codes=${encodeURIComponent(code)}`;
  return `${location.origin}${location.pathname}#${q}`;
}

export function leaveChallenge(): void { useChallenges.setState({ active: null }); }
export function closeVerifyPage(): void { useChallenges.setState({ verifyPage: null, problem: null }); }
