// Host A's NIC after device death, in the driver's own terms: dead and not noticed yet, the
// driver's INTERNAL_ERROR state, what the chosen consumer then gets (a kernel consumer's poll_cq
// flush, or a user-space context flagged fatal with no flush), a reset or reload and the new
// device, above the grid. Each sentence carries its source's kind and key; where the model applies mlx5's rule to
// another driver it says so (MODEL). Shown only while host A's device is not alive.
import type { ChannelPresetId, StormSummary } from '../../core/index.ts';
import { KindBadge } from './Claims.tsx';
import { int } from './format.ts';

type Line = { kind: 'code' | 'model'; text: string; key: string };

/** The sentences for host A's device state, preset and consumer (exported for its unit test). */
export function deviceLines(state: StormSummary['devices'][number], preset: ChannelPresetId | string, consumer: string, outstanding: number): Line[] {
  const mlx5 = preset === 'mlx5', mlx4 = preset === 'mlx4';
  if (state === 'dead') {
    return [
      mlx5 ? { kind: 'code', text: 'The NIC is dead; the driver has not noticed yet: its health poller (poll_health) reads the device every 2 s.', key: 'mlx5-health' }
        : mlx4 ? { kind: 'code', text: 'The NIC is dead; the driver has not noticed yet: catas.c polls every 5 s (MLX4_CATAS_POLL_INTERVAL).', key: 'mlx4-catas' }
          : { kind: 'code', text: 'The NIC is dead; hns has no poller: an abnormal interrupt tells the driver.', key: 'hns-aeq' },
      { kind: 'model', text: 'The model waits one full poll interval (the jitter is left out); every QP on the device, idle ones too, is dead meanwhile.', key: 'model-faults' },
    ];
  }
  if (state === 'resetting') return [{ kind: 'code', text: mlx5 ? 'devlink fw_fatal recovery is reloading the device (mlx5_recover_device): the IB device is unregistered.' : 'Function reset under way: the IB device is unregistered (reset_notify_uninit).', key: mlx5 ? 'mlx5-health' : 'hns-reset' }];
  if (state === 'new-device') return [{ kind: 'code', text: 'A new IB device is registered. The old QPs were destroyed with the old device: a consumer reopens the device and rebuilds.', key: mlx5 ? 'mlx5-health' : 'hns-reset' }];
  if (state !== 'internal-error') return [];
  const driver: Line = mlx5 ? { kind: 'code', text: 'Driver in MLX5_DEVICE_STATE_INTERNAL_ERROR: mlx5_ib_handle_internal_error ran, then one IBV_EVENT_DEVICE_FATAL was dispatched.', key: 'mlx5-health' }
    : mlx4 ? { kind: 'code', text: 'Driver in MLX4_DEVICE_STATE_INTERNAL_ERROR (mlx4_enter_error_state); mlx4_ib_event turned the catastrophic error into one IBV_EVENT_DEVICE_FATAL.', key: 'mlx4-catas' }
      : { kind: 'model', text: 'One IBV_EVENT_DEVICE_FATAL: the model takes hns\'s device death by mlx5\'s path.', key: 'model-faults' };
  const other = mlx5 ? '' : 'The model applies mlx5\'s rule here: ';
  const who: Line = consumer === 'user'
    ? { kind: mlx5 ? 'code' : 'model', text: `${other}user space (libmlx5): mlx5_async_event flagged the context MLX5_CTX_FLAGS_FATAL_STATE; its CQs yield no flush CQE, so ${int(outstanding)} WRs stay outstanding; destroy succeeds so the program can free them.`, key: mlx5 ? 'mlx5-user-fatal' : 'model-faults' }
    : { kind: mlx5 ? 'code' : 'model', text: `${other}kernel consumer: its poll_cq makes the flush (sw_comp), every WQE FLUSH_ERR, the failing one too; an idle QP gets only the event.`, key: mlx5 ? 'mlx5-user-fatal' : 'model-faults' };
  return [driver, who];
}

export function DeviceStatePanel({ devices, consumer, preset, outstanding }: { devices: StormSummary['devices']; consumer: string; preset: string; outstanding: number }) {
  const state = devices[0] ?? 'alive';
  const lines = deviceLines(state, preset, consumer, outstanding);
  if (lines.length === 0) return null;
  return (
    <section className="rounded border border-slate-300 bg-slate-50 px-2 py-1 text-[11px]" data-testid="device-state" data-state={state} aria-label="Host A's device" aria-live="polite">
      <ul className="flex flex-col gap-0.5">
        {lines.map((l) => (
          <li key={l.text} className="flex gap-1.5 leading-snug" data-kind={l.kind}>
            <span className="shrink-0 pt-0.5"><KindBadge kind={l.kind} /></span>
            <span>{l.text} <span className="whitespace-nowrap text-slate-500">[<code>{l.key}</code>]</span></span>
          </li>
        ))}
      </ul>
    </section>
  );
}
