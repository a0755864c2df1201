// The address is the state: as the person moves, the address bar follows the instrument on
// screen (its link: settings or scenario, the lesson and step, and for transport the instant),
// by history.replaceState, so no history entry is added and no hashchange fires. The same place
// is saved as the person's own (not on a visit from someone's link), with the instant for
// instruments whose link does not carry it, so a reload or Back lands where the person was.
// It rides on the recovery snapshot (bridge/kit/client.ts): taken after every action that changed
// something, and once a second while playing, without asking the worker anything more.
import { encodeLink } from '../scenario/link/envelope.ts';
import { MAX_LINK_CHARS } from '../scenario/link/envelope.ts';
import type { AnyInstrument, PayloadBase } from './instrument.ts';
import { savePlace } from './progress.ts';
import { embedSuffix } from './course/embed.ts';
import { courseStore } from './course/state.ts';

/** Each instrument's place: its last link hash (without '#'), and the JSON it encodes. */
const places = new Map<string, { json: string; hash: string }>();
let onScreen: string | null = null;
/**
 * Instruments an address has opened: until then a snapshot (an instrument started early, before
 * its address was read) saves nothing, so the place saved last time is still there to resume.
 */
const opened = new Set<string>();

/** `e`'s latest snapshot `p`: its place, in the address (when on screen) and saved. */
export function follow(e: AnyInstrument, p: PayloadBase): void {
  const json = JSON.stringify(p);
  let place = places.get(e.id);
  if (place?.json !== json) {
    const next = placeFor(e, p, json);
    // A link over the cap would be refused when read back: the address keeps its last place.
    if (!next) return;
    place = next;
    places.set(e.id, place);
  }
  if (!opened.has(e.id)) return;
  if (onScreen === e.id) write(place.hash);
  const f = e.store.getState().frame;
  savePlace(e.id, {
    hash: place.hash, lesson: p.lesson?.id ?? null, step: p.lesson?.step ?? 0,
    ...(e.instant.catchUp && f ? { instant: e.instant.of(f) } : {}),
  });
}

/**
 * `e` was just set to the link payload `p` (a link, a state file or a resumed place): until its
 * next snapshot, that link is its place. The snapshot comes a worker round trip later, and a place
 * from before the change must not stand in for it meanwhile: an address equal to that old place
 * would be taken for "Back to where it still is" and not opened (links.ts).
 */
export function notePlace(e: AnyInstrument, p: PayloadBase): void {
  const next = placeFor(e, p, JSON.stringify(p));
  if (next) places.set(e.id, next);
  else places.delete(e.id);
}

/** `p` as `e`'s place, or null when its link would pass the cap (and be refused when read back). */
function placeFor(e: AnyInstrument, p: PayloadBase, json: string): { json: string; hash: string } | null {
  const hash = encodeLink(e.id, e.link.version, p);
  return hash.length + 1 > MAX_LINK_CHARS ? null : { json, hash };
}

/** `id` is on screen: the address shows its place, if it has one and the address opened no link. */
export function showing(id: string): void {
  onScreen = id;
  opened.add(id);
  const hash = places.get(id)?.hash;
  if (hash && !/(?:^#?|&)(?:d|s|m)=/.test(location.hash)) write(hash);
}

/** The place `id` showed last (the address written for it), if any. */
export function placeOf(id: string): string | null {
  return places.get(id)?.hash ?? null;
}

function write(hash: string): void {
  // A course's syllabus on screen holds the address (app/course): a reload opens the course again.
  if (courseStore.getState().syllabus) return;
  // Embedded, the address keeps embed=1 (app/course/embed.ts): a reload in the frame stays embedded.
  const to = `#${hash}${embedSuffix()}`;
  if (location.hash === to) return;
  history.replaceState(history.state, '', to);
}
