// Public surface of the QP-memory model: QP table, context cache and policies, eviction engines,
// traffic, timing, sweeps, presets with calibration, the capacity calculator and the race model.

export {
  QpcCache, ACCESS_HIT, ACCESS_MISS, ACCESS_MISS_EVICT, ACCESS_MISS_EVICT_DIRTY, POLICY_IDS, QPN_BITS, QPN_LIMIT,
  type CacheSnapshot,
} from './cache.ts';
export type {
  AccessCode, CacheConfig, CacheStats, CacheView, InFlightMode, PolicyId, PolicyView, SlotView,
} from './cacheTypes.ts';
export { validateCacheConfig, MAX_CACHE_ENTRIES } from './cacheConfig.ts';

export { QpTable, type QpTableSnapshot, type TableMemory, type WalkResult, type WalkStep } from './qpTable.ts';
export { tableGeometry, estimateTableMemory, type QpTableConfig, type TableGeometry, type TableMemoryEstimate } from './tableGeometry.ts';

export { ENGINES, ENGINE_IDS, resolveEngine, engineCeilingMops, type EngineId, type EngineSpec } from './engines.ts';
export { PacketTimer, validateTiming, MAX_OVERLAP, type TimingConfig, type TimingResult, type TimerSnapshot } from './timing.ts';

export { Traffic, validateTraffic, type TrafficConfig, type TrafficPattern, type TrafficSnapshot } from './traffic.ts';
export { activeQpns, permutation, deriveSeed, type QpnLayout } from './qpnLayout.ts';
export { ZipfAlias } from './zipf.ts';

export {
  SweepPointRunner, runSweepPoint, runSweep, sweepSlices, defaultWarmup,
  type SweepSpec, type SweepPoint, type SweepPointSnapshot,
  TAG_CACHE,
} from './sweep.ts';
export { validateSweepSpec, MAX_SWEEP_QPS, MAX_SWEEP_PACKETS } from './sweepSpec.ts';

export { PRESETS, PRESET_IDS, getPreset, type Preset, type PresetId, type CurvePoint } from './presets.ts';
export type { CalibrationTarget, TargetMetric } from './presetTargets.ts';
export {
  calibratePreset, calibrationQps, evaluateTarget, type PresetCalibration, type TargetResult, type CurveComparison,
} from './calibration.ts';

export { lookupTrace, type LookupTraceResult } from './lookup.ts';

export { capacity, cacheEntriesFor, type CapacityInput, type CapacityResult } from './capacity.ts';
export {
  PROTECTIONS, RTS_RTS_FIELDS, type Protection, type RaceConfig, type RaceEvent, type RaceAction, type RaceField, type RaceTrace,
} from './race.ts';
export { simulateRace, tornWindow, compareProtections } from './raceSim.ts';

export {
  MAX_ACTIVE_QPS, MAX_PINNED, MAX_LAB_ENTRIES, MAX_FETCH_NS, MAX_IN_FLIGHT_WINDOW, PATTERN_KINDS, SETTING_FIELDS, SIDE_FIELDS, SKEW,
  defaultConfig, presetSettings, trafficPattern, patternText, sweepSpecFor, validateConfig, withSide, validateSide, sweepKey, diffSettings,
  labStateOf, configOfState, type LabState,
  type LabConfig, type LabSettings, type CompareSide, type PatternKind, type FieldKind,
} from './lab/config.ts';
export { PacketPath, type PacketPathSnapshot } from './packetPath.ts';
export { lookupStamp, completionStamp, type EvictionWhy, type EvictionRule, type WhyLine } from './evictionWhy.ts';
export { evictionChain, stampText, type EvictionStep, type EvictionStepId } from './evictionChain.ts';
export type { CacheOptions } from './cache.ts';
