/** STUB — being built: binding rows pulled into the workspace. */
export function BindingPage({ search }: { search: string }) {
  return (
    <section className="page" data-search={search}>
      <h1>Binding constraints</h1>
    </section>
  );
}
