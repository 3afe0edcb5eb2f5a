import type { Config } from '../config.js';
import type { MonitoringSource } from './source.js';
import { createDemoSource } from './demo/demoSource.js';
import { createNagiosSource } from './nagios/nagiosSource.js';

export function createMonitoringSource(config: Config): MonitoringSource {
  return config.nagiosCfg ? createNagiosSource(config.nagiosCfg) : createDemoSource({ hosts: config.demoHosts, servicesPerHost: config.demoServicesPerHost, tickSeconds: config.demoTickSeconds });
}
