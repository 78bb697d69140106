/** STUB — being built: a pricing location's shift factors and constraint costs. */
export function LocationPage({ locationId, search }: { locationId: string | null; search: string }) {
  return (
    <section className="page" data-search={search}>
      <h1>Location {locationId}</h1>
    </section>
  );
}
