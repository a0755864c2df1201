// The embed parameter of the link envelope: `embed=1` goes with any link, bare ones included
// (`#lab=memory&embed=1`), and asks for the embed layout (only the instrument and its lesson
// column, and a link that opens the same place in QP Scope itself). The envelope accepts it
// (envelope.ts); these read and drop it without decoding the rest.

export const EMBED = 'embed';

/** Whether a hash asks for the embed layout. */
export function wantsEmbed(hash: string): boolean {
  return hash.replace(/^#/, '').split('&').includes('embed=1');
}

/** The same hash without `embed=1` (with its '#' when it had one): the link "Open in QP Scope" follows. */
export function withoutEmbed(hash: string): string {
  const lead = hash.startsWith('#') ? '#' : '';
  return lead + hash.replace(/^#/, '').split('&').filter((p) => p !== 'embed=1').join('&');
}
