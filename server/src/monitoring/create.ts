import type { Config } from '../config.js';
import type { MonitoringSource } from './source.js';
import { createDemoSource } from './demo/demoSource.js';
import { createNagiosSource } from './nagios/nagiosSource.js';
import { createLivestatusSource } from './livestatus/livestatusSource.js';
import { openEngine } from './engines/openEngine.js';
import { MergedSource } from './engines/mergedSource.js';
import { PreparedSource } from './preparedSource.js';

export function createMonitoringSource(config: Config): MonitoringSource {
  // Several engines (PHAROS_ENGINES): rows tagged with their engine's name. One engine alone keeps its rows untagged.
  if (config.engines) return new MergedSource(config.engines.map((spec) => openEngine(spec, config)));
  // One engine: its large snapshots are prepared before they are handed out, as a merged one's are.
  if (config.nagiosCfg) return new PreparedSource(createNagiosSource(config.nagiosCfg));
  if (config.livestatus) return new PreparedSource(createLivestatusSource(config.livestatus));
  return new PreparedSource(createDemoSource({ hosts: config.demoHosts, servicesPerHost: config.demoServicesPerHost, tickSeconds: config.demoTickSeconds }));
}
