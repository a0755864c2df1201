// Faults at scale (topic 7): shared-cause faults, the narrow reporting channel, arbitration
// policies and their metrics, the interleaving explorer, and the storm API the Faults
// instrument runs on. Loading this module installs the faults model's hooks into the engine.
import { installFaultHooks } from '../world/hooks.ts';
import { FAULT_HOOKS } from './hooks.ts';

installFaultHooks(FAULT_HOOKS);

export { FAULT_CLAIMS, claim, type Claim, type ClaimKind } from './claims.ts';
export { CHANNEL_PRESETS_INFO, MODEL_LATENCIES, eqSlots, resolveChannel, type Channel, type ChannelPreset, type OverrunMode } from './presets.ts';
export { POLICIES, CHANNEL_PRESETS, CONSUMERS, MAX_HOSTS, type ConsumerKind, type PolicyName, type ChannelPresetId, type ChannelConfig, type GroupSpec, type ClassSpec } from '../model/stormSchema.ts';
export { Storm, StormCompare, createStorm, compareStorms, PHASE, type StormSummary, type StormGrid, type StormCheckpoint } from './storm.ts';
export { stormScenario, stormClasses, FAULT_KINDS, QP_CLASS_MIXES, TIMEOUT_PRESETS, type ClassMixKind, type TimeoutPreset, type FaultKind, type StormConfig } from './stormScenario.ts';
export { jain, percentile, pct, type Pct } from './metrics.ts';
export { exploreInterleavings, stepThrough, permutations, MAX_EXPLORER_FAULTS, type ExplorerInput, type ExplorerFault, type ExplorerStep, type Outcome, type OutcomeGroup } from './explorer.ts';
export { resetLab, resetLabScenario, RESET_SITUATIONS, type ResetLabConfig, type ResetLabResult, type ResetSituation, type LanePacket } from './resetLab.ts';
export { RESET_CLAIMS } from './resetClaims.ts';
export { NOTABLE_QPS, type NotableQp, type ReportWhy } from './why.ts';
