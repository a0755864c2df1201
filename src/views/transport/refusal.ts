// A refused ibv_modify_qp in words. The real call returns 0 or an errno only (ibv_modify_qp(3),
// man-modify-qp); which attribute or rule is at fault is the page's own diagnosis, read from the
// kernel's qp_state_table and the driver's value checks (kernel-qp-table), and is labelled so.
const WORDS: Record<string, string> = {
  'invalid-transition': 'no such transition',
  'missing-attributes': 'required attributes missing',
  'unexpected-attributes': 'attributes not allowed here',
  'invalid-value': 'a value out of range',
  'no-such-qp': 'no such QP',
  'sq-draining': 'the SQ is still draining',
  driver: 'the driver refuses it',
  timeout: 'the command timed out',
};

/** The core's refusal reason (a slug) as words a person reads. */
export function refusalWords(reason: string): string {
  return WORDS[reason] ?? reason.replace(/-/g, ' ');
}
