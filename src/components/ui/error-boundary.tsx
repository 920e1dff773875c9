import { Component, type ComponentType, type ErrorInfo, type ReactNode } from "react";

interface Props {
  children: ReactNode;
}

/** A failing island (docs/decisions.md, "Islands fail alone") shows this in its place and never takes the page down. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Island failed:", error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" data-slot="island-error" className="border border-down p-3 font-sans text-sm text-down">
        Unexpected Application Error!
      </p>
    );
  }
}

/** Wraps an island so its failures stay inside it. */
export function withErrorBoundary<P extends object>(Inner: ComponentType<P>) {
  function Bounded(props: P) {
    return (
      <ErrorBoundary>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  Bounded.displayName = `Bounded(${Inner.displayName ?? Inner.name})`;
  return Bounded;
}
