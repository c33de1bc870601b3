/** What the device plugin answers (plugins/device/src). */

import type { ThingModel } from '@console/sdk';

export type { Param, ThingModel } from '@console/sdk';

export interface Device {
  id: string;
  sn: string;
  nickname: string;
  productId: string;
  productName: string;
  region: string;
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
  registeredAt?: number;
  lastOnlineAt?: number;
  lastOfflineAt?: number;
  lastSeenAt?: number;
}

export interface Command {
  id: string;
  kind: 'set' | 'service';
  identifier: string;
  params: Record<string, unknown>;
  state: 'pending' | 'delivered' | 'succeeded' | 'failed' | 'timeout';
  sentAt: number;
  answeredAt?: number;
  output: Record<string, unknown>;
  message: string;
  by: string;
}

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
  events: Report[];
  commands: Command[];
  thingModel: ThingModel;
}

export const WORK_STATES = [
  'sleep', 'standby', 'returning', 'charging', 'sweeping', 'sweep-and-mop', 'mopping', 'upgrading', 'cleaning', 'air-drying', 'working', 'unknown',
] as const;

export const when = (ms?: number) => (ms ? new Date(ms).toLocaleString() : '—');

/** A value as the console shows it: numbers and texts as they are, the rest as JSON. */
export const shownValue = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value));
