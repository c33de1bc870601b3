/** What the device plugin answers (plugins/device/src). */

import { formatTime, type ThingModel } from '@console/sdk';

export type { Param, ThingModel } from '@console/sdk';

export interface Device {
  id: string;
  sn: string;
  nickname: string;
  productId: string;
  productName: string;
  region: string;
  lastLoginIp: string;
  online: boolean;
  workState: string;
  firmwareVersion: string;
  softwareVersion: string;
  packageVersion: string;
  lanIp: string;
  packetLoss?: number;
  delay?: number;
  signal?: number;
  baseStationId: string;
  baseStationName: string;
  registeredAt?: number;
  lastOnlineAt?: number;
  lastOfflineAt?: number;
  lastSeenAt?: number;
}

export interface Command {
  id: string;
  kind: 'set' | 'service' | 'reset';
  identifier: string;
  params: Record<string, unknown>;
  state: 'pending' | 'delivered' | 'succeeded' | 'failed' | 'timeout' | 'expired';
  sentAt: number;
  /** Not fetched by then, it is not delivered: 30 s after sending, or what it was kept for. */
  expiresAt: number;
  answeredAt?: number;
  output: Record<string, unknown>;
  message: string;
  by: string;
  reason: string;
}

/** The colour of a command's state tag. */
export const commandColor: Record<Command['state'], string> = { pending: 'blue', delivered: 'cyan', succeeded: 'green', failed: 'red', timeout: 'orange', expired: 'default' };

export interface Report {
  id: string;
  kind: string;
  identifier: string;
  eventType: string;
  params: Record<string, unknown>;
  at: number;
}

export interface DeviceDetail {
  device: Device;
  shadow: Record<string, { value: unknown; time: number }>;
  /** What property sets waiting for the device will set (kept for it while offline). */
  desired?: Record<string, { value: unknown; since: number }>;
  events: Report[];
  commands: Command[];
  thingModel: ThingModel;
  binding?: Binding;
}

export const WORK_STATES = ['sleep', 'standby', 'returning', 'charging', 'sweeping', 'sweep-and-mop', 'mopping', 'upgrading', 'cleaning', 'air-drying', 'working', 'unknown'] as const;

export const when = formatTime;

/** A value as the console shows it: numbers and texts as they are, the rest as JSON. */
export const shownValue = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value));

export interface Binding {
  id: string;
  sn: string;
  productName: string;
  account: string;
  familyId: string;
  familyName: string;
  roomId: string;
  source: 'console' | 'app' | 'open-platform';
  clientId: string;
  reason: string;
  boundAt: number;
  by: string;
  /** What the family calls the device, given when it was bound. */
  nickname?: string;
}

export const IDENTITIES = ['administrator', 'member', 'shared', 'pending', 'tourist'] as const;
export const ROOM_TYPES = ['living-room', 'bedroom', 'kitchen', 'bathroom', 'study', 'dining-room', 'balcony', 'other'] as const;

export interface Family {
  id: string;
  version: number;
  name: string;
  sharingId: string;
  administrator: string;
  rooms: { roomId: string; name: string; roomType: string }[];
  members: { account: string; nickname: string; identity: (typeof IDENTITIES)[number]; joinedAt: number }[];
}

export const LOG_KINDS = ['login', 'logout', 'bind', 'unbind', 'reset', 'log-file'] as const;

export interface DeviceLog {
  id: string;
  sn: string;
  kind: (typeof LOG_KINDS)[number];
  at: number;
  account: string;
  ip: string;
  appVersion: string;
  phoneSystem: string;
  phoneModel: string;
  city: string;
  country: string;
  firmwareVersion: string;
  softwareVersion: string;
  result: 'success' | 'failure';
  detail: string;
  cause: '' | 'first-activation' | 'reset' | 'factory-initialisation';
  by: string;
  logFile?: { fileName: string; size: number };
}

export const CLEANING_MODES = ['global', 'mopping', 'along-edge', 'fixed-point', 'explore', 'room-custom', 'material-custom', 'sweep', 'sweep-and-drag'] as const;

export interface CleaningRecord {
  id: string;
  mode: (typeof CLEANING_MODES)[number];
  area: number;
  duration: number;
  method: string;
  preference: string;
  result: string;
  startTime: number;
  map?: { fileName: string };
}

/** The text of a query field, trimmed; undefined when empty. */
export const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
