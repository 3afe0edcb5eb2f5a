import type { Reporter, TestModule } from 'vitest/node';
import { relative, writeTimings, type FileTiming } from './timings.js';

/**
 * Each test file's time in a vitest run, for runSuite's summary: its environment's set-up, its imports and its tests
 * and hooks. Added by runSuite beside the usual reporter.
 */
export default class VitestTimings implements Reporter {
  private readonly timings: FileTiming[] = [];

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
    this.timings.push({ layer: module.project.name || 'vitest', file: relative(module.moduleId), seconds: ms / 1000 });
  }

  onTestRunEnd(): void {
    writeTimings('vitest', this.timings);
  }
}
