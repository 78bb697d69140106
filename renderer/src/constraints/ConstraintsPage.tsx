/** STUB — being built: the constraints and contingencies tables. */
export function ConstraintsPage({ search }: { search: string }) {
  return (
    <section className="page" data-search={search}>
      <h1>Constraints</h1>
    </section>
  );
}
