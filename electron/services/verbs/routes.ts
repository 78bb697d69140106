import { ok } from '../../../shared/index.js';
import type { Domains, Handlers } from './handlers.js';

/**
 * The bridge's handler table: each verb, its input already parsed by `dispatch` with the contract's schema, is one
 * call of one domain service method, whose answer it returns (a channel as a thin view of a service, as VS Code's
 * `ProxyChannel.fromService`). Domain rules, /v1 calls and tracking live in the services, never here.
 */
export function createHandlers(d: Domains): Handlers {
  return {
    'app:info': () => d.app.info(),
    'requests:status': async ({ requestIds }) => ok(d.requests.status(requestIds)),
    'requests:cancel': async ({ requestId }) => ok({ cancelled: d.requests.cancel(requestId) }),

    'datasets:list': (i, ctx) => d.datasets.list(i, ctx),
    'datasets:get': (i, ctx) => d.datasets.get(i, ctx),
    'datasets:audit': (i, ctx) => d.datasets.audit(i, ctx),
    'datasets:estimate': (i, ctx) => d.datasets.estimate(i, ctx),
    'datasets:query': (i, ctx) => d.datasets.query(i, ctx),
    'datasets:columnValues': (i, ctx) => d.datasets.columnValues(i, ctx),
    'datasets:updates': (i, ctx) => d.datasets.updates(i, ctx),
    'usage:get': (i, ctx) => d.datasets.usage(i, ctx),
    'usage:activity': async () => ok(d.traffic.activity()),

    'profiles:get': () => d.profiles.state(),
    'profiles:setActive': (i) => d.profiles.setActive(i),
    'profiles:setRemoteUrl': (i) => d.profiles.setRemoteUrl(i),
    'profiles:setCache': (i) => d.profiles.setCache(i),
    'keys:set': (i) => d.profiles.setKey(i),
    'keys:clear': (i) => d.profiles.clearKey(i),
    'keys:test': () => d.profiles.testKey(),
    'cache:clear': (i) => d.profiles.clearCache(i),

    'workspace:pull': (i, ctx) => d.workspace.pull(i, ctx),
    'workspace:pulls': (i, ctx) => d.workspace.pulls(i, ctx),
    'workspace:cancel': (i, ctx) => d.workspace.cancel(i, ctx),
    'workspace:deletePull': (i, ctx) => d.workspace.deletePull(i, ctx),
    'workspace:rows': (i, ctx) => d.workspace.rows(i, ctx),
    'workspace:series': (i, ctx) => d.workspace.series(i, ctx),
    'workspace:values': (i, ctx) => d.workspace.values(i, ctx),
    'workspace:export': (i, ctx) => d.workspace.export(i, ctx),
    'workspace:saveQuery': (i, ctx) => d.workspace.saveQuery(i, ctx),
    'workspace:savedQueries': (i, ctx) => d.workspace.savedQueries(i, ctx),
    'workspace:renameSaved': (i, ctx) => d.workspace.renameSaved(i, ctx),
    'workspace:deleteSaved': (i, ctx) => d.workspace.deleteSaved(i, ctx),
    'workspace:pullBinding': (i, ctx) => d.workspace.pullBinding(i, ctx),
    'workspace:openLocal': (i, ctx) => d.workspace.openLocal(i, ctx),

    'constraints:list': (i, ctx) => d.grid.constraints(i, ctx),
    'constraints:contingencies': (i, ctx) => d.grid.contingencies(i, ctx),
    'constraints:location': (i, ctx) => d.grid.constraintLocation(i, ctx),
    'constraints:shiftFactors': (i, ctx) => d.grid.constraintShiftFactors(i, ctx),
    'constraints:bindingLocations': (i, ctx) => d.grid.bindingLocations(i, ctx),
    'locations:list': (i, ctx) => d.locations.list(i, ctx),
    'locations:index': () => d.locations.status(),
    'locations:shiftFactors': (i, ctx) => d.grid.locationShiftFactors(i, ctx),
    'locations:constraintCosts': (i, ctx) => d.grid.constraintCosts(i, ctx),
    'outages:active': (i, ctx) => d.grid.activeOutages(i, ctx),
    'binding:constraints': (i, ctx) => d.binding.constraints(i, ctx),
    'binding:contingencies': (i, ctx) => d.binding.contingencies(i, ctx),
    'binding:series': (i, ctx) => d.binding.series(i, ctx),
    'binding:locationCosts': (i, ctx) => d.binding.locationCosts(i, ctx),
    'paths:congestion': (i, ctx) => d.paths.congestion(i, ctx),
    'overlap:forConstraint': (i, ctx) => d.overlap.forConstraint(i, ctx),
    'overlap:forOutage': (i, ctx) => d.overlap.forOutage(i, ctx),
    'map:features': (i, ctx) => d.map.features(i, ctx),
    'map:constraintDetail': (i, ctx) => d.map.constraintDetail(i, ctx),
    'map:ticket': (i, ctx) => d.map.ticket(i, ctx),

    'exports:list': (i, ctx) => d.exports.list(i, ctx),
    'downloads:start': (i, ctx) => d.exports.startDownloads(i, ctx),
    'downloads:list': () => d.downloads.state(),
    'downloads:pause': ({ ids }) => d.downloads.pause(ids),
    'downloads:resume': ({ ids }) => d.downloads.resume(ids),
    'downloads:cancel': ({ ids }) => d.downloads.cancel(ids),
    'downloads:retry': ({ ids }) => d.downloads.retry(ids),
    'downloads:clearFinished': () => d.downloads.clearFinished(),
    'downloads:configure': (settings) => d.downloads.configure(settings),
    'downloads:chooseFolder': () => d.downloads.chooseFolder(),
    'downloads:reveal': ({ datasetId, date }) => d.downloads.reveal(datasetId, date),
    'library:list': () => d.downloads.library(),
    'library:delete': ({ datasetId, dates }) => d.downloads.deleteFiles(datasetId, dates),
    'library:verify': ({ datasetId, dates }) => d.downloads.verify(datasetId, dates),
    'library:rescan': () => d.downloads.rescan(),

    'display:get': () => d.display.get(),
    'display:set': (i) => d.display.set(i),
  };
}
