// Every instrument's link, read and written through one envelope.
import { decodeLink, encodeLink, type Decoded, type LinkSpec } from './envelope.ts';
import { MEMORY_LINK, type MemoryPayload } from './memory.ts';
import { TRANSPORT_LINK, type TransportPayload } from './transport.ts';
import { FAULTS_LINK, type FaultsPayload } from './faults.ts';
import type { LinkLab } from './labName.ts';

export { namedLab, type LinkLab } from './labName.ts';
export type LinkPayload = { transport: TransportPayload; memory: MemoryPayload; faults: FaultsPayload };

const SPECS: { [L in LinkLab]: LinkSpec<LinkPayload[L]> } = { transport: TRANSPORT_LINK, memory: MEMORY_LINK, faults: FAULTS_LINK };

export type OpenedLink =
  | { ok: true; lab: 'transport'; value: TransportPayload | null }
  | { ok: true; lab: 'memory'; value: MemoryPayload | null }
  | { ok: true; lab: 'faults'; value: FaultsPayload | null }
  | { ok: false; error: string };

/** Read a location hash; an empty one opens the transport instrument with its defaults. */
export function readLink(hash: string): OpenedLink {
  return decodeLink(hash, SPECS as Record<LinkLab, LinkSpec<unknown>>, 'transport') as Decoded<LinkLab, unknown> as OpenedLink;
}

export function writeLink<L extends LinkLab>(lab: L, payload: LinkPayload[L]): string {
  return encodeLink(lab, SPECS[lab].version, payload);
}

export { MAX_LINK_CHARS } from './envelope.ts';
export type { TransportPayload } from './transport.ts';
export type { MemoryPayload } from './memory.ts';
export type { FaultsPayload } from './faults.ts';
