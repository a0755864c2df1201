// The transport frame's body: the events since the last frame (or the log's tail when the story
// starts over), the world projected for the views, and the run's figures. The kit adds the header.
import type { KitFrame } from '../kit/types.ts';
import { project } from './projection.ts';
import type { TransportRun } from './run.ts';
import type { SlowView, Frame } from './types.ts';
import type { WireFeeder } from './wireFeed.ts';

const LOG_TAIL = 3000;
/** Most events one frame carries; more than that and the log is replaced by the tail. */
const FRAME_EVENTS = 1500;
/** A lost packet stays on the wire this many wall seconds at any speed, an arrived one this many. */
const PACKET_LINGER_WALL_S = 1.6;
const ARRIVED_LINGER_WALL_S = 0.25;

export function buildFrame(run: TransportRun, sv: SlowView, feeder: WireFeeder): Omit<Frame, keyof KitFrame> {
  const { tl, selected, compare } = run;
  const s = tl.sim;
  const tr = s.world.trace;
  let events;
  let logGap = false;
  if (run.resetLog || tr.count < run.sentCount) {
    events = tr.events.slice(-LOG_TAIL);
    run.resetLog = true;
  } else {
    // At high speed a frame can cover thousands of events; the log keeps only its tail, so
    // only that tail crosses the worker boundary. Not a new story, though: a reset would
    // undo the page's throttling and clear what it derived (every frame, at top speed).
    const fresh = Math.min(tr.count - run.sentCount, FRAME_EVENTS);
    events = tr.events.slice(tr.events.length - fresh);
    logGap = tr.count - run.sentCount > FRAME_EVENTS;
  }
  const body: Omit<Frame, keyof KitFrame> = {
    t: s.now, maxT: tl.maxT, durationNs: tl.end, events, eventsFrom: tr.count - events.length, resetLog: run.resetLog, logGap,
    world: project(s, { lostLingerNs: sv.speed * PACKET_LINGER_WALL_S, arriveLingerNs: sv.speed * ARRIVED_LINGER_WALL_S, selected, feeder }), scenarioTitle: s.scenario.title,
    traceHash: tr.hash(), fork: run.forks.info(), challenge: run.challenge.status(s, selected), selected,
    profile: s.world.profile.id, compare: compare ? compare.view(s, s.world.profile.id) : null, slow: sv,
    stopped: s.stopped?.message ?? null,
  };
  run.sentCount = tr.count;
  run.resetLog = false;
  return body;
}
