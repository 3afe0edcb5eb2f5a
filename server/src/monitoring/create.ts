import type { Config } from '../config.js';
import type { MonitoringSource } from './source.js';
import { createDemoSource } from './demo/demoSource.js';
import { createNagiosSource } from './nagios/nagiosSource.js';
import { createLivestatusSource } from './livestatus/livestatusSource.js';

export function createMonitoringSource(config: Config): MonitoringSource {
  if (config.nagiosCfg) return createNagiosSource(config.nagiosCfg);
  if (config.livestatus) return createLivestatusSource(config.livestatus);
  return createDemoSource({ hosts: config.demoHosts, servicesPerHost: config.demoServicesPerHost, tickSeconds: config.demoTickSeconds });
}
