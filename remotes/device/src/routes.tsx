import * as React from 'react';

import AuditList from './AuditList';
import BaseStations from './BaseStations';
import Bindings from './Bindings';
import DeviceLogs from './DeviceLogs';
import DeviceReset from './DeviceReset';
import Devices from './Devices';
import FleetKeys from './FleetKeys';
import PartnerDevices from './PartnerDevices';
import Privacy from './Privacy';
import SmartHome from './SmartHome';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['device'] = React;

/** The pages of the device plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/device-manage/userDevice', Component: Bindings },
  { path: '/device-manage/base-station-info', Component: BaseStations },
  { path: '/device-manage/deviceInfo', Component: Devices },
  { path: '/device-manage/smartHome', Component: SmartHome },
  { path: '/device-manage/deviceReset', Component: DeviceReset },
  { path: '/device-manage/deviceHaier', Component: PartnerDevices },
  { path: '/device-manage/auditList', Component: AuditList },
  { path: '/device-manage/devicesLog', Component: DeviceLogs },
  { path: '/device-manage/privacy', Component: Privacy },
  { path: '/device-manage/fleet-keys', Component: FleetKeys },
];

export default routes;
