// The remote SDK: shared by the shell and every remote as one module-federation singleton.
export * from './types';
export type { DataType, EnumItem, Param, ParamType, Property, Service, Specs, ThingEvent, ThingModel } from './thingModel';
export { formatReading } from './reading';
export { session } from './session';
export { api, request, uploadFile, UPLOAD_CANCELLED, configureRequest, settle, RequestError, SESSION_MARKER, SUCCESS_CODES, SESSION_CODES, TIMEOUT_MS, TOAST_GAP_MS, TOAST_SECONDS } from './request';
export type { RequestOptions, UploadedFile, UploadTask } from './request';
export { ConsoleContext, PLATFORM_OWN, useConsole, useCurrentUser, useTenant, usePermission, usePagePermission, Auth, findMenu } from './context';
export type { ConsoleState } from './context';
export { useNamespace } from './i18n';
export { useLiveEvents } from './live';
export type { LiveEvent, LiveStatus } from './live';
export type { Resources } from './i18n';
// antd-based building blocks are in '@console/sdk/ui', so that screens without antd (sign-in)
// load fast.
export { addSdkStrings } from './sdk-i18n';
export { formatTime } from './time';
export { type Task, TASKS_CHANGED, taskQuery } from './tasks';
