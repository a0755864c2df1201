// Every instrument's link, read and written through one envelope.
import { decodeLink, encodeLink, type LinkSpec } from './envelope.ts';
import { MEMORY_LINK, type MemoryPayload } from './memory.ts';
import { TRANSPORT_LINK, type TransportPayload } from './transport.ts';
import { FAULTS_LINK, type FaultsPayload } from './faults.ts';
import type { LabId } from './labName.ts';

export { INSTRUMENTS, namedLab, type LabId } from './labName.ts';
export type LinkPayload = { transport: TransportPayload; memory: MemoryPayload; faults: FaultsPayload };

/** Each instrument's link spec (its payload schema and migrations), by id. */
export const LINK_SPECS: { readonly [L in LabId]: LinkSpec<LinkPayload[L]> } = { transport: TRANSPORT_LINK, memory: MEMORY_LINK, faults: FAULTS_LINK };

export type OpenedLink =
  | { [L in LabId]: { ok: true; lab: L; value: LinkPayload[L] | null } }[LabId]
  | { ok: false; error: string };

/** Read a location hash; an empty one opens the transport instrument with its defaults. */
export function readLink(hash: string): OpenedLink {
  return decodeLink<LabId, LinkPayload[LabId]>(hash, LINK_SPECS, 'transport') as OpenedLink;
}

export function writeLink<L extends LabId>(lab: L, payload: LinkPayload[L]): string {
  return encodeLink(lab, LINK_SPECS[lab].version, payload);
}

export { MAX_LINK_CHARS } from './envelope.ts';
export type { LinkSpec } from './envelope.ts';
export type { TransportPayload } from './transport.ts';
export type { MemoryPayload } from './memory.ts';
export type { FaultsPayload } from './faults.ts';
