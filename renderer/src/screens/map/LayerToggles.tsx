import { LAYER_GROUPS } from '../../features/map/layers.js';
import type { LayerGroup } from '../../features/map/layers.js';

/** Where a layer's values come from: a source note, or a synthetic sentence that earns the "Synthetic" badge. */
export interface LayerSource {
  source: string;
  synthetic: string | null;
}

/** Props of {@link LayerToggles}. */
export interface LayerTogglesProps {
  visible: Record<LayerGroup, boolean>;
  sources: Record<LayerGroup, LayerSource>;
  onChange: (group: LayerGroup, visible: boolean) => void;
}

/** One checkbox per layer group, each with its source; layers built from synthetic values carry the badge and say why. */
export function LayerToggles({ visible, sources, onChange }: LayerTogglesProps) {
  return (
    <fieldset className="map-card layer-toggles">
      <legend>Layers</legend>
      {(Object.keys(LAYER_GROUPS) as LayerGroup[]).map((group) => {
        const s = sources[group];
        return (
          <div key={group} className="layer-toggle" data-layer-group={group}>
            <label>
              <input type="checkbox" checked={visible[group]} onChange={(e) => onChange(group, e.target.checked)} />{' '}
              {LAYER_GROUPS[group].label}
            </label>
            {s.synthetic ? <span className="badge warn">Synthetic</span> : <span className="layer-source muted">{s.source}</span>}
            {s.synthetic && <p className="map-synthetic-note">{s.synthetic}</p>}
          </div>
        );
      })}
    </fieldset>
  );
}
