// The desk's worker API: from symptoms to ranked causes (core/diag/desk.ts), from pasted C to each
// ibv_modify_qp call checked in order (core/diag/cCalls.ts, checkCalls.ts), and the links to the
// instruments that show a many-connection case at full scale. Runs are remembered for the worker's
// life: a second question about the same symptoms answers at once.
import { deskDiagnose, type DeskCause } from '../../core/diag/desk.ts';
import type { Symptoms } from '../../core/diag/observe.ts';
import { extractCalls } from '../../core/diag/cCalls.ts';
import { checkCalls, type CodeVerdict } from '../../core/diag/checkCalls.ts';
import { parseDevinfo, type DeviceCaps } from '../../core/verbs/deviceCaps.ts';
import { defaultStormSettings } from '../../core/faults/labConfig.ts';
import type { ProfileId } from '../../core/model/profiles.ts';
import type { CheckProfile } from '../../core/verbs/checkValues.ts';
import type { QpState, QpType } from '../../core/verbs/types.ts';
import { writeLink } from '../../scenario/link/index.ts';
import type { MemoryPayload } from '../../scenario/link/memory.ts';
import type { FaultsPayload } from '../../scenario/link/faults.ts';
import { cParser } from './parser.ts';
import { ASYNC_EVENTS, WC_STATUSES } from '../../core/model/wc.ts';
import { PROFILE_IDS } from '../../core/model/profiles.ts';
import { modelledCounters } from '../../core/hw/counterDefs.ts';
import { QP_STATES } from '../../core/verbs/types.ts';
import { SCALE_SYMPTOMS } from '../../core/diag/scale.ts';

/** What the desk offers to enter: every choice comes from the model's own tables. */
export interface DeskMenu {
  statuses: string[];
  events: string[];
  states: string[];
  /** The counters each profile's model produces, by the driver's names. */
  counters: Record<ProfileId, string[]>;
  scale: string[];
}

export interface CodeCheckInput {
  code: string;
  type: QpType;
  profile: CheckProfile;
  /** `ibv_devinfo -v` output; empty: the model's device. */
  devinfo?: string;
  start?: QpState;
}
export type CodeReport = { ok: true; verdict: CodeVerdict; caps: 'model' | 'pasted' } | { ok: false; error: string };
export type DeskAnswer = { ok: true; causes: DeskCause[] } | { ok: false; error: string };

/** The memory instrument at its cliff: a ConnectX-5-like NIC at 5,000 active QPs (its knee sits near 450). */
const CLIFF: MemoryPayload = { preset: 'cx5', qps: 5000, overrides: {}, tab: 'cliff' };
/** The Faults storm: 4,096 QPs after a link flap, a driver that consumes each event-queue entry slowly. */
const STORM = (): FaultsPayload => ({ settings: { ...defaultStormSettings(), qps: 4096, fault: 'link-flap', eqeNs: 5_000 }, tab: 'storm' });

export class DiagApi {
  menu(): DeskMenu {
    return {
      statuses: WC_STATUSES.filter((x) => x !== 'IBV_WC_SUCCESS'), events: [...ASYNC_EVENTS], states: [...QP_STATES, 'GONE'],
      counters: Object.fromEntries(PROFILE_IDS.map((p) => [p, modelledCounters(p).map((c) => c.name)])) as Record<ProfileId, string[]>,
      scale: [...SCALE_SYMPTOMS],
    };
  }

  diagnose(s: Symptoms, profiles: ProfileId[], type: QpType = 'RC'): DeskAnswer {
    try {
      return { ok: true, causes: deskDiagnose(s, profiles, type) };
    } catch (e) {
      return { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  }

  async check(input: CodeCheckInput): Promise<CodeReport> {
    let caps: DeviceCaps | undefined;
    if (input.devinfo?.trim()) {
      try { caps = parseDevinfo(input.devinfo); } catch (e) { return { ok: false, error: `the device's caps: ${e instanceof Error ? e.message : String(e)}` }; }
    }
    let parse;
    try { parse = await cParser(); } catch (e) {
      return { ok: false, error: `the C parser could not load (${e instanceof Error ? e.message.slice(0, 120) : 'unknown error'})` };
    }
    const calls = extractCalls(parse(input.code.slice(0, 200_000)));
    if (!calls.length) return { ok: false, error: 'no ibv_modify_qp(qp, &attr, mask) call was found in the code' };
    return { ok: true, verdict: checkCalls(calls, { type: input.type, profile: input.profile, caps, start: input.start }), caps: caps ? 'pasted' : 'model' };
  }

  /** The addresses (`#lab=…`) of the two instruments that show cases 3 and 4 at full scale. */
  links(): { memory: string; faults: string } {
    return { memory: `#${writeLink('memory', CLIFF)}`, faults: `#${writeLink('faults', STORM())}` };
  }
}
