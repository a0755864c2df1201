// `npm run diagnose -- --status <IBV_WC_*> [--side requester|responder] [--event <IBV_EVENT_*>]...
//   [--state <peer state>] [--local-state <local state>] [--profile ibta|rxe|mlx5]`
// or, for a refused ibv_modify_qp: `--errno EINVAL --to <state> [--from <state>] [--type RC|UC|UD]`.
// Prints one JSON line per candidate cause, most likely first: { cause, rank, profile, scenario,
// recovery, id, rule, profiles }. `scenario` run through createSimulation shows the symptoms, and
// ends with the peer QP in `--state` and the QP that saw the status in `--local-state` (a cause that
// ends otherwise is left out; the desk ranks it last instead).
// Exit codes: 0 at least one cause (or --help); 1 no modelled cause fits; 2 bad flags (one line naming the flag).
import { ASYNC_EVENTS, PROFILE_IDS, QP_STATES, QP_TYPES, WC_STATUSES, type AsyncEvent, type ProfileId, type QpType, type WcStatus } from '../core/index.ts';
import { catalogueFor, diagnose } from '../core/diag/diagnose.ts';
import type { Side, Symptoms } from '../core/diag/observe.ts';

const USAGE = `usage: npm run diagnose -- --status <IBV_WC_*> [--side requester|responder] [--event <IBV_EVENT_*>]... [--state <peer state>] [--local-state <local state>] [--profile ibta|rxe|mlx5]
       npm run diagnose -- --errno EINVAL --to <state> [--from <state>] [--type RC|UC|UD] [--profile …]`;
const FLAGS = ['status', 'side', 'event', 'state', 'local-state', 'profile', 'errno', 'to', 'from', 'type'] as const;
type Flag = (typeof FLAGS)[number];

class FlagError extends Error {}

function pick<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new FlagError(`--${flag} must be one of ${allowed.join(', ')} (got ${value.slice(0, 40)})`);
  return value as T;
}

export function parseDiagnose(args: string[]): { symptoms: Symptoms; profiles: ProfileId[]; type: QpType } {
  const got: Partial<Record<Flag, string>> = {};
  const events: AsyncEvent[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) throw new FlagError(`unexpected argument ${a.slice(0, 40)}`);
    const name = a.slice(2) as Flag;
    if (!FLAGS.includes(name)) throw new FlagError(`unknown flag ${a.slice(0, 40)}`);
    const value = args[++i];
    if (value === undefined || value.startsWith('--')) throw new FlagError(`${a} needs a value`);
    if (name === 'event') events.push(pick('event', value, ASYNC_EVENTS));
    else if (got[name] !== undefined) throw new FlagError(`--${name} given twice`);
    else got[name] = value;
  }
  const errorStatuses = WC_STATUSES.filter((s) => s !== 'IBV_WC_SUCCESS');
  const status = got.status === undefined ? undefined : pick('status', got.status, errorStatuses) as WcStatus;
  const profiles = got.profile === undefined ? [...PROFILE_IDS] : [pick('profile', got.profile, PROFILE_IDS)];
  const type = got.type === undefined ? 'RC' : pick('type', got.type, QP_TYPES);
  const peerState = got.state === undefined ? undefined : pick('state', got.state, [...QP_STATES, 'GONE']);
  const localState = got['local-state'] === undefined ? undefined : pick('local-state', got['local-state'], [...QP_STATES, 'GONE']);
  const side = got.side === undefined ? undefined : pick<Side>('side', got.side, ['requester', 'responder']);
  if (got.errno !== undefined || got.to !== undefined || got.from !== undefined) {
    if (status !== undefined) throw new FlagError('--status and --errno describe different failures: give one');
    pick('errno', got.errno ?? '', ['EINVAL']);
    if (got.to === undefined) throw new FlagError('--errno needs --to <state> (the state ibv_modify_qp was asked for)');
    const to = pick('to', got.to, QP_STATES);
    const from = got.from === undefined ? undefined : pick('from', got.from, QP_STATES);
    return { symptoms: { modify: { errno: 'EINVAL', to, from }, events, side, peerState, localState }, profiles, type };
  }
  if (status === undefined) throw new FlagError(`--status is required (or --errno EINVAL --to <state>); ${USAGE.split('\n')[0]}`);
  return { symptoms: { status, side, events, peerState, localState }, profiles, type };
}

export function diagnoseMain(args: string[], out: (s: string) => void, err: (s: string) => void): number {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) { out(USAGE); return 0; }
  let parsed: ReturnType<typeof parseDiagnose>;
  try {
    parsed = parseDiagnose(args);
  } catch (e) {
    if (!(e instanceof FlagError)) throw e;
    err(`error: ${e.message}`);
    return 2;
  }
  const found = diagnose(parsed.symptoms, parsed.profiles, catalogueFor(parsed.symptoms, parsed.type));
  for (const d of found) out(JSON.stringify({ cause: d.cause, rank: d.rank, profile: d.profile, scenario: d.scenario, recovery: d.recovery, id: d.id, rule: d.rule, profiles: d.profiles }));
  if (found.length === 0) { err('no modelled cause produces these symptoms'); return 1; }
  return 0;
}

if (process.argv[1] && /diagnose\.ts$/.test(process.argv[1])) {
  process.exitCode = diagnoseMain(process.argv.slice(2), (s) => process.stdout.write(`${s}\n`), (s) => process.stderr.write(`${s}\n`));
}
