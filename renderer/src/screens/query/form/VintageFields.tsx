import type { DatasetWithTimezone } from '../../../../../shared/schemas/dataset.js';
import { TIME_PLACEHOLDER } from './kit.js';
import type { FieldKit } from './kit.js';
import { VINTAGES, VINTAGE_HINTS } from './vintage.js';
import type { Vintage } from './vintage.js';

/**
 * Forecast vintages (docs/query.md#forecast-vintages), for a dataset with a `publish_time_column` only: which vintage
 * per interval (with its offset or publish time when it takes one) and an optional window of publish times.
 */
export function VintageFields({ dataset, kit }: { dataset: DatasetWithTimezone; kit: FieldKit }) {
  const { f, patch, aria, problem, zoneName } = kit;
  if (!dataset.publish_time_column) return null;
  const typed = f.vintage === 'latest_before' || f.vintage === 'exact';
  return (
    <fieldset className="query-group" data-testid="query-vintage">
      <legend>Forecast vintage</legend>
      <div className="query-fields">
        <label className="query-wide">
          <span>Which forecast</span>
          <select
            value={f.vintage}
            onChange={(e) => patch({ vintage: e.target.value as Vintage })}
            data-testid="vintage"
            {...(typed ? {} : aria('publishTime'))}
          >
            {VINTAGES.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
              </option>
            ))}
          </select>
          {!typed && problem('publishTime')}
        </label>
        {f.vintage === 'latest_before' && (
          <label>
            <span>Offset from interval start</span>
            <input
              type="text"
              value={f.vintageOffset}
              onChange={(e) => patch({ vintageOffset: e.target.value })}
              placeholder="e.g. -1 day"
              autoComplete="off"
              spellCheck={false}
              data-testid="vintage-offset"
              {...aria('publishTime')}
            />
            {problem('publishTime')}
          </label>
        )}
        {f.vintage === 'exact' && (
          <label>
            <span>Published at ({zoneName})</span>
            <input
              type="text"
              value={f.vintageAt}
              onChange={(e) => patch({ vintageAt: e.target.value })}
              placeholder={TIME_PLACEHOLDER}
              data-testid="vintage-at"
              {...aria('publishTime')}
            />
            {problem('publishTime')}
          </label>
        )}
        <label>
          <span>Published from ({zoneName})</span>
          <input
            type="text"
            value={f.publishedFrom}
            onChange={(e) => patch({ publishedFrom: e.target.value })}
            placeholder="optional"
            data-testid="published-from"
            {...aria('publishTimeStart')}
          />
          {problem('publishTimeStart')}
        </label>
        <label>
          <span>Published before ({zoneName})</span>
          <input
            type="text"
            value={f.publishedBefore}
            onChange={(e) => patch({ publishedBefore: e.target.value })}
            placeholder="optional"
            data-testid="published-before"
            {...aria('publishTimeEnd')}
          />
          {problem('publishTimeEnd')}
        </label>
      </div>
      <p className="muted field-hint" data-testid="vintage-hint">
        {VINTAGE_HINTS[f.vintage]} Publish times are in {dataset.publish_time_column}.
      </p>
    </fieldset>
  );
}
