// This remote's page tests use the SDK's test harness, with the remote's page paths.
export * from '@console/sdk/testing';
export { PAGES } from './parts';
