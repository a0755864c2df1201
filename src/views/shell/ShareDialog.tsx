// The share link, shown whether or not the clipboard accepted it, with a copy button.
import { useUi, uiStore } from '../../store/uiStore.ts';
import { Dialog } from './Dialog.tsx';

export function ShareDialog() {
  const share = useUi((s) => s.share);
  if (!share.open) return null;
  const close = () => uiStore.getState().setShare({ open: false, url: '', copied: false });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(share.url);
      uiStore.getState().setShare({ ...share, copied: true, error: undefined });
    } catch {
      uiStore.getState().setShare({ ...share, copied: false, error: 'The browser refused clipboard access: select the link and copy it by hand.' });
    }
  };
  return (
    <Dialog title="Share this exact moment" onClose={close} testId="share-dialog">
      {share.error && !share.url ? (
        <p role="alert" className="text-sm text-red-800">{share.error}</p>
      ) : (
        <div className="space-y-2 text-sm text-slate-800">
          <p>This link reproduces the scenario, every command issued so far, the current instant and the selected QP.</p>
          <label htmlFor="share-url" className="block text-xs font-semibold text-slate-600">Link ({share.url.length.toLocaleString('en')} characters)</label>
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
