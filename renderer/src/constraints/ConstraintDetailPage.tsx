/** STUB — being built: one constraint's detail. */
export function ConstraintDetailPage({ constraintId, search }: { constraintId: string; search: string }) {
  return (
    <section className="page" data-search={search}>
      <h1>Constraint {constraintId}</h1>
    </section>
  );
}
