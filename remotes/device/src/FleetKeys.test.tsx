import { describe, expect, it } from 'vitest';

import { deviceAddresses } from './FleetKeys';

const page = { origin: 'https://console.example.com:8443', hostname: 'console.example.com' };

describe('where the fleet-key page tells devices to connect', () => {
  it('uses the page’s own address and the embedded gateway’s ports when the operator set nothing', () => {
    expect(deviceAddresses({ publicUrl: null, mqttUrl: null, mqttPort: 1883, mqttsPort: 8883 }, page)).toEqual({
      http: 'https://console.example.com:8443',
      mqtt: 'mqtt://console.example.com:1883',
      mqtts: 'mqtts://console.example.com:8883',
    });
  });

  it('prefers the public address and the MQTT address the operator gave', () => {
    expect(deviceAddresses({ publicUrl: 'https://iot.example.com/', mqttUrl: 'mqtt://broker.example.com:1883', mqttPort: null, mqttsPort: 8883 }, page)).toEqual({
      http: 'https://iot.example.com',
      mqtt: 'mqtt://broker.example.com:1883',
      mqtts: 'mqtts://iot.example.com:8883',
    });
  });

  it('names no MQTT address when the gateway is off and none was given', () => {
    expect(deviceAddresses({ publicUrl: null, mqttUrl: null, mqttPort: null, mqttsPort: null }, page).mqtt).toBeNull();
    expect(deviceAddresses(null, page).http).toBe('https://console.example.com:8443');
  });
});
