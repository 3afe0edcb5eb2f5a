import type { Config } from '../config.js';
import type { MonitoringSource } from './source.js';
import { createDemoSource } from './demo/demoSource.js';
import { createNagiosSource } from './nagios/nagiosSource.js';
import { createLivestatusSource } from './livestatus/livestatusSource.js';
import { openEngine } from './engines/openEngine.js';
import { MergedSource } from './engines/mergedSource.js';

export function createMonitoringSource(config: Config): MonitoringSource {
  // Several engines (PHAROS_ENGINES): rows tagged with their engine's name. One engine alone keeps its rows untagged.
  if (config.engines) return new MergedSource(config.engines.map((spec) => openEngine(spec, config)));
  if (config.nagiosCfg) return createNagiosSource(config.nagiosCfg);
  if (config.livestatus) return createLivestatusSource(config.livestatus);
  return createDemoSource({ hosts: config.demoHosts, servicesPerHost: config.demoServicesPerHost, tickSeconds: config.demoTickSeconds });
}
