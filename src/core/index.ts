// The core's public surface (DESIGN.md "Public headless API"). Everything outside src/core
// imports from here. Pure and deterministic: no DOM, timers, wall clock or Math.random.
export { checkModify, type ModifyResult, type ModifyRefusalReason, type ModifyValueResult } from './verbs/checkModify.ts';
export { parseDevinfo, MODEL_CAPS, type DeviceCaps, type PortCaps, type GidType } from './verbs/deviceCaps.ts';
export type { ModifyValues, ValueAttrs, ValueRefusal, CheckProfile } from './verbs/checkValues.ts';
export { ATTR_NAMES, ATTR_BIT, maskOf, namesOf, type AttrName } from './verbs/attrs.ts';
export { MODIFY_CELLS, modifyCell, type ModifyCell } from './verbs/modifyTable.ts';
export { QP_STATES, QP_TYPES, type QpState, type QpType } from './verbs/types.ts';
export { qpMachine, type QpEvent } from './qp/machine.ts';
export { LC, LC_NAMES, hwNext, modifyNext, verbsState } from './qp/lifecycle.ts';
export { stopWhy } from './world/world.ts';
export { CONTEXT_FIELDS, FIELD_NAMES, type FieldDef, type FieldName } from './model/context.ts';
export { WC_STATUSES, INJECTABLE, SEND_OPCODES, OPCODE_TRANSPORTS, ASYNC_EVENTS, type WcStatus, type InjectableStatus, type SendOpcode, type AsyncEvent } from './model/wc.ts';
export type { SendWr } from './transport/post.ts';
export type { SimEvent, SimEventKind, RxOutcome, StateCause } from './model/events.ts';
export {
  parseScenario, ScenarioError, ScenarioSchema, CommandSchema, SCENARIO_VERSION, MAX_NS,
  type Scenario, type ScenarioInput, type SimConfig, type QpSpec, type Workload, type Command, type CommandInput, type CommandKind, type TimedCommand, type ModifyAttrs,
} from './model/schema.ts';
export { qpnBase } from './model/qpStore.ts';
export { psnName } from './model/ids.ts';
export { PROFILE_IDS, PROFILES, profileOf, type ProfileId, type DriverProfile } from './model/profiles.ts';
export { PROFILE_TABLE, type ProfileRow, type ProfileCell, type Basis } from './model/profileTable.ts';
export { ACCESS_NAMES, ACCESS_BIT, accessMask, accessNames, type AccessName, type Sge } from './model/keysSchema.ts';
export { Simulation, createSimulation, runScenario, type Summary, type SimOptions, type Checkpoint } from './sim/engine.ts';
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_STEPS, DEFAULT_TRACE_KEEP, type Stopped, type StopReason } from './sim/budget.ts';
export type { CommandResult } from './sim/dispatch.ts';
export { Rng } from './kit/rng.ts';
export { grouped } from './kit/grouped.ts';
export { ackTimeoutNs, rnrTimerNs, mtuBytes } from './transport/wire.ts';
export { DEVICE } from './transport/modify.ts';
export * from './faults/index.ts';
export { COUNTER_DEFS, countersNotModelled, type CounterDef } from './hw/counterDefs.ts';
export { MLX5_SYNDROME_OF, VENDOR_ERR_NOTE, mlx5Syndrome, type CqeSyndrome } from './hw/syndrome.ts';
