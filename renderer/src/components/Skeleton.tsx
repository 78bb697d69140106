/** Props of {@link Skeleton}; `label` is announced to assistive tech. */
export interface SkeletonProps {
  label: string;
  rows?: number;
  testId?: string;
}

/** A shimmering placeholder block while a query loads; role="status" announces the label. */
export function Skeleton({ label, rows = 8, testId = 'loading' }: SkeletonProps) {
  return (
    <div className="skeleton" role="status" aria-busy="true" data-testid={testId}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-line" aria-hidden="true" style={{ width: `${60 + ((i * 37) % 40)}%` }} />
      ))}
    </div>
  );
}
