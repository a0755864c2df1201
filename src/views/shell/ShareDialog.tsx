// The share link, shown whether or not the clipboard accepted it, with a copy button.
import type { ShareState } from '../../store/kit.ts';
import { Dialog } from './Dialog.tsx';
import { grouped } from '../kit/grouped.ts';

export interface ShareDialogProps {
  share: ShareState;
  onChange(s: ShareState): void;
  /** What opening the link reproduces, in one sentence. */
  description: string;
}

export function ShareDialog({ share, onChange, description }: ShareDialogProps) {
  if (!share.open) return null;
  const close = () => onChange({ open: false, url: '', copied: false });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(share.url);
      onChange({ ...share, copied: true, error: undefined });
    } catch {
      onChange({ ...share, copied: false, error: 'The browser refused clipboard access: select the link and copy it by hand.' });
    }
  };
  return (
    <Dialog title="Share this exact moment" onClose={close} testId="share-dialog">
      {share.error && !share.url ? (
        <p role="alert" className="text-sm text-red-800">{share.error}</p>
      ) : (
        <div className="space-y-2 text-sm text-slate-800">
          <p>{description}</p>
          <label htmlFor="share-url" className="block text-xs font-semibold text-slate-600">Link ({grouped(share.url.length)} characters)</label>
          <textarea id="share-url" data-testid="share-url" readOnly value={share.url} rows={4} onFocus={(e) => e.currentTarget.select()}
            className="w-full resize-none rounded border border-slate-300 bg-slate-50 p-1.5 font-mono text-[11px] break-all" />
          <div className="flex items-center gap-2">
            <button type="button" data-testid="share-copy" onClick={() => void copy()} className="rounded-md border border-indigo-700 bg-indigo-700 px-3 py-1 text-sm font-semibold text-white hover:bg-indigo-800">
              Copy link
            </button>
            <span role="status" className="text-xs">{share.copied ? '✓ Copied to the clipboard' : share.error ?? ''}</span>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** Build the link, try the clipboard, and open the dialog (with the error if it could not be built). */
export async function openShare(build: () => Promise<string>, set: (s: ShareState) => void): Promise<void> {
  try {
    const url = await build();
    let copied = false;
    try { await navigator.clipboard.writeText(url); copied = true; } catch { copied = false; }
    set({ open: true, url, copied });
  } catch (e) {
    set({ open: true, url: '', copied: false, error: `The link could not be built: ${(e as Error).message}` });
  }
}
