import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/src/config.js';
import { createMonitoringSource } from '../../server/src/monitoring/create.js';

describe('PHAROS_LIVESTATUS', () => {
  it('takes host:port or a socket path, and leaves the demo default and PHAROS_NAGIOS_CFG as they were', () => {
    expect(configFromEnv({ PHAROS_LIVESTATUS: '127.0.0.1:6558' }).livestatus).toBe('127.0.0.1:6558');
    expect(configFromEnv({ PHAROS_LIVESTATUS: '/var/run/icinga2/cmd/livestatus' }).livestatus).toBe('/var/run/icinga2/cmd/livestatus');
    expect(configFromEnv({}, ['--livestatus', 'mon.example.net:6557']).livestatus).toBe('mon.example.net:6557');
    expect(configFromEnv({})).toMatchObject({ livestatus: undefined, nagiosCfg: undefined });
    expect(configFromEnv({ PHAROS_LIVESTATUS: '' }).livestatus).toBeUndefined();
    expect(configFromEnv({ PHAROS_NAGIOS_CFG: '/etc/nagios4/nagios.cfg' })).toMatchObject({ livestatus: undefined, nagiosCfg: '/etc/nagios4/nagios.cfg' });
  });

  it('refuses a malformed address, and both engines at once, with one clear line', () => {
    expect(() => configFromEnv({ PHAROS_LIVESTATUS: 'localhost' })).toThrow("Invalid PHAROS_LIVESTATUS: Invalid Livestatus address 'localhost': expected host:port (for example 127.0.0.1:6558) or the absolute path of a unix socket");
    expect(() => configFromEnv({ PHAROS_LIVESTATUS: '127.0.0.1:6558', PHAROS_NAGIOS_CFG: '/etc/nagios4/nagios.cfg' })).toThrow('Set either PHAROS_NAGIOS_CFG or PHAROS_LIVESTATUS, not both');
  });

  it('creates the source of the configured kind', () => {
    expect(createMonitoringSource(configFromEnv({})).kind).toBe('demo');
    expect(createMonitoringSource(configFromEnv({ PHAROS_NAGIOS_CFG: '/nonexistent/nagios.cfg' })).kind).toBe('nagios');
    expect(createMonitoringSource(configFromEnv({ PHAROS_LIVESTATUS: '127.0.0.1:6558' })).kind).toBe('livestatus');
  });
});
