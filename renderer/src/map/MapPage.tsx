/** STUB — being built: the map of binding constraints and outages (loaded lazily with maplibre). */
export default function MapPage({ search }: { search: string }) {
  return (
    <section className="page" data-search={search}>
      <h1>Map</h1>
    </section>
  );
}
