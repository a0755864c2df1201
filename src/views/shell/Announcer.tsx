// A polite live region for screen readers: what just changed, in one sentence.
export function Announcer({ text }: { text: string }) {
  return <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">{text}</div>;
}
