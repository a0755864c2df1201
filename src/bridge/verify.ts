// The verify worker's client: replays of attempts and codes (worker/verify/api.ts). One worker,
// started on first use; views reach it only here.
import { wrap, type Remote } from 'comlink';
import type { VerifyApi } from '../worker/verify/api.ts';

export type Verifier = Pick<Remote<VerifyApi>, 'challenges' | 'attempt' | 'attemptWritten' | 'writtenId' | 'goal' | 'verify' | 'warnings'>;

let client: Verifier | null = null;

export function verifier(): Verifier {
  client ??= wrap<VerifyApi>(new Worker(new URL('../worker/verify.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-verify' }));
  return client;
}

export type { ChallengeInfo, AttemptReply } from '../worker/verify/api.ts';
export type { CodeRow } from '../worker/challenge/verify.ts';
