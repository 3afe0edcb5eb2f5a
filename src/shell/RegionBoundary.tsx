import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface RegionBoundaryProps {
  /** Region name for the data attribute (tests, diagnostics). */
  region: string;
  /** What the region shows instead of itself when it throws (spec 8 fallback texts). */
  fallback: ReactNode;
  /** Changing it (e.g. the address) gives a failed region another try. */
  resetKey?: unknown;
  children: ReactNode;
}

interface State { failed: boolean; resetKey: unknown }

/** Keeps one failing shell region from taking the others down (spec 2.2: each region has its own fallback). */
export class RegionBoundary extends Component<RegionBoundaryProps, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: RegionBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Shell region "${this.props.region}" failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return <div className="region-fallback" role="alert" data-region-failed={this.props.region}>{this.props.fallback}</div>;
    }
    return this.props.children;
  }
}
