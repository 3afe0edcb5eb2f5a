import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { relative, writeTimings } from './timings.js';

/**
 * Each spec file's time in a Playwright run, for runSuite's summary: the sum of its tests' runs (hooks and fixtures
 * included, retries too). Added by runSuite beside the list reporter.
 */
export default class PlaywrightTimings implements Reporter {
  private readonly seconds = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(test.location.file);
    this.seconds.set(file, (this.seconds.get(file) ?? 0) + result.duration / 1000);
  }

  onEnd(_result: FullResult): void {
    writeTimings('playwright', [...this.seconds].map(([file, seconds]) => ({ layer: 'e2e', file, seconds })));
  }

  printsToStdio(): boolean {
    return false;
  }
}
