// Watches a browser context for what the page must never do: break its Content-Security-Policy,
// reach outside its own origin, log a console error or throw. Used by every e2e test (through
// fixtures.ts) and by `npm run report`, which counts the same things.
import type { BrowserContext, Page } from '@playwright/test';

export type ProblemKind = 'csp' | 'external' | 'console' | 'pageerror';
export interface Problem { kind: ProblemKind; text: string }

interface Violation { directive: string; blocked: string; source: string; line: number; sample: string }

/** The URL's origin, or the URL itself when it has none a page could share (never equal to ours). */
function originOf(url: string): string {
  try { return new URL(url).origin; } catch { return url; }
}

export class Watch {
  readonly problems: Problem[] = [];
  private readonly allowed: RegExp[] = [];
  private readonly origin: string;

  constructor(baseURL: string) {
    this.origin = new URL(baseURL).origin;
  }

  /** A test that provokes a problem on purpose names it here; everything else still fails. */
  allow(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  /** The problems not covered by allow(), as lines. */
  unexpected(): string[] {
    return this.problems.map((p) => `${p.kind}: ${p.text}`).filter((l) => !this.allowed.some((a) => a.test(l)));
  }

  count(kind: ProblemKind): number {
    return this.problems.filter((p) => p.kind === kind).length;
  }

  /** Attach to a context before its first page opens; covers every page it will ever hold. */
  async attach(context: BrowserContext): Promise<void> {
    // A binding is called from the page over the DevTools protocol, which the CSP does not govern.
    await context.exposeBinding('__qpCspViolation', (_source, v: Violation) => {
      this.problems.push({ kind: 'csp', text: `${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source}:${v.line} ${v.sample}`.trim() });
    });
    await context.addInitScript(() => {
      // Runs before the page's own scripts. The event bubbles to the document from the element.
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __qpCspViolation?: (v: unknown) => void }).__qpCspViolation;
        report?.({ directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample });
      }, true);
    });
    context.on('request', (r) => {
      const url = r.url();
      // data: and blob: never leave the machine; the CSP decides whether the page may use them.
      if (url.startsWith('data:') || url.startsWith('blob:')) return;
      if (originOf(url) !== this.origin) this.problems.push({ kind: 'external', text: url });
    });
    const onPage = (page: Page) => {
      page.on('console', (m) => { if (m.type() === 'error') this.problems.push({ kind: 'console', text: m.text() }); });
      page.on('pageerror', (e) => this.problems.push({ kind: 'pageerror', text: e.message }));
    };
    context.pages().forEach(onPage);
    context.on('page', onPage);
  }
}
