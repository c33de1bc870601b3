// The upgrade plugin's records as its routes answer them (plugins/upgrade/src/*.rs), and the
// flow's rules the pages mirror for comfort (flow.rs); the server enforces every one of them.

/** A firmware package's place in its flow (flow.rs `Status`). */
export const STATUSES = [
  'pendingReview',
  'approved',
  'pendingTest',
  'underTest',
  'testComplete',
  'pendingRelease',
  'inGray',
  'grayPaused',
  'released',
  'unpublished',
  'rejected',
] as const;
export type Status = (typeof STATUSES)[number];

/** A device's execution of a rollout (rollout.rs `ExecState`). */
export const EXEC_STATES = ['queued', 'downloading', 'downloaded', 'verifying', 'updating', 'succeeded', 'failed', 'timedOut'] as const;
export type ExecState = (typeof EXEC_STATES)[number];
/** How an upgrade ended (the device history's results). */
export const RESULTS = ['succeeded', 'failed', 'timedOut'] as const satisfies readonly ExecState[];

export const PACKAGE_TYPES = ['development', 'test', 'production'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const GRAY_MODES = ['ratio', 'list'] as const;
export type GrayMode = (typeof GRAY_MODES)[number];

/** Why a device was offered a package. */
export const SOURCES = ['test', 'whitelist', 'gray', 'issued', 'released'] as const;

/** Limits the server checks too (packages.rs, issue.rs). */
export const MAX_LIST_ENTRIES = 20;
export const MAX_GRAY_LIST = 10_000;
export const MAX_TASK_SNS = 1000;
export const MAX_FIRMWARE_MIB = 1024;

/** What every stored record carries. */
export interface Stored {
  id: string;
  version: number;
  createdAt: number;
  updatedAt: number;
}

/** A file the host measured (the SDK's `StoredFile`). */
export interface StoredFile {
  fileName: string;
  object: string;
  size: number;
  sha256: string;
  md5: string;
}

export interface Rollout {
  grayMode: GrayMode;
  grayPercent: number;
  grayList: string[];
  whitelist: string[];
  blacklist: string[];
  /** 0: no limit. */
  ratePerMinute: number;
  abort: { failurePercent: number; minDevices: number };
  timeoutMinutes: number;
  retries: number;
}

/** Why a rollout paused: by hand, or by itself when too many devices failed. */
export interface Pause {
  automatic: boolean;
  by: string;
  at: number;
  failed: number;
  finished: number;
}

export interface FirmwarePackage extends Stored {
  packageType: PackageType;
  productId: string;
  productName: string;
  modelId: string;
  modelCode: string;
  currentVersionName: string;
  currentVersionCode: number;
  targetVersionName: string;
  targetVersionCode: number;
  file: StoredFile;
  encryptedFile: StoredFile | null;
  silent: boolean;
  mustPass: boolean;
  ignoreCheck: boolean;
  /** By language code. */
  descriptions: Record<string, string>;
  rollout: Rollout;
  status: Status;
  testSns: string[];
  testConclusion: string;
  applicant: string;
  pause: Pause | null;
  grayStartedAt: number | null;
  releasedAt: number | null;
}

/** One step of a package's flow (steps.rs). */
export interface FlowStep extends Stored {
  packageId: string;
  step: string;
  from: Status | null;
  to: Status;
  by: string;
  at: number;
  detail: string;
}

/** A package in a select box. */
export interface PackageOption {
  id: string;
  label: string;
  status: Status;
}

export interface ProductOption {
  productId: string;
  productName: string;
  models: { id: string; code: string; name: string }[];
}

/** One device's execution of a rollout (executions.rs). */
export interface Execution extends Stored {
  packageId: string;
  sn: string;
  fromVersionName: string;
  targetVersionName: string;
  state: ExecState;
  progress: number;
  attempts: number;
  source: string;
  startedAt: number;
  reportedAt: number;
  finishedAt: number | null;
  failureReason: string;
}

/** A rollout's progress: counts by state, the cumulative finished devices over time, failures by reason. */
export interface RolloutProgress {
  package: FirmwarePackage;
  counts: Record<ExecState, number>;
  series: { at: number; succeeded: number; failed: number }[];
  failures: { reason: string; count: number }[];
}

export interface IssueTask extends Stored {
  packageId: string;
  package: string;
  targetVersionName: string;
  sns: string[];
  by: string;
  at: number;
}

export interface TaskDevice {
  sn: string;
  /** The execution's state, or `waiting` until the device checks. */
  state: ExecState | 'waiting';
  progress: number;
  failureReason: string;
  /** In another upgrade now. */
  busy: boolean;
}

export interface Statement extends Stored {
  packageId: string;
  package: string;
  title: string;
  contents: Record<string, string>;
  published: boolean;
  publishedAt: number | null;
  by: string;
}

export interface VersionChange extends Stored {
  sn: string;
  packageId: string;
  fromVersionName: string;
  toVersionName: string;
  result: ExecState;
  reason: string;
  attempts: number;
  source: string;
  at: number;
}

// The flow's rules (flow.rs), so that only buttons the server would accept are shown.
const among = (statuses: readonly Status[]) => (status: Status) => statuses.includes(status);

/** Content changes before the package is tested or released; it goes back to review. */
export const mayEdit = among(['rejected', 'approved', 'pendingTest', 'testComplete']);
export const mayDelete = among(['rejected', 'approved', 'pendingTest', 'testComplete', 'unpublished']);
export const mayChangeTestDevices = among(['approved', 'pendingTest', 'underTest', 'testComplete']);
/** Gray, lists, rate and abort rule change until the package is released to everyone. */
export const mayChangeRollout = (status: Status) => !among(['released', 'unpublished'])(status);
/** Devices are moving: a rollout's progress is worth following live. */
export const isLive = among(['underTest', 'inGray', 'released']);
export const isFinal = (state: ExecState | 'waiting') => state === 'succeeded' || state === 'failed' || state === 'timedOut';
