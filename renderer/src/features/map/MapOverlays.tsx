import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/** What a hover tooltip says: a title and a few short lines. */
export interface TooltipText {
  title: string;
  lines: string[];
}

/** Margin kept between a floating box and the map's edge, px. */
const EDGE = 8;

/**
 * A box floating over the map at `(x, y)` (px from the map's top-left), moved so it stays entirely inside the map:
 * right of and below the point when there is room, else left of or above it.
 */
function Floating(props: { x: number; y: number; className: string; children: ReactNode; testId: string; role?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const { x, y } = props;
  useLayoutEffect(() => {
    const el = ref.current;
    const frame = el?.parentElement;
    if (!el || !frame) return;
    const [w, h, fw, fh] = [el.offsetWidth, el.offsetHeight, frame.clientWidth, frame.clientHeight];
    const left = x + 14 + w + EDGE <= fw ? x + 14 : Math.max(EDGE, x - 14 - w);
    const top = y + 14 + h + EDGE <= fh ? y + 14 : Math.max(EDGE, Math.min(fh - h - EDGE, y - 14 - h));
    setAt({ left, top });
  }, [x, y, props.children]);
  return (
    <div
      ref={ref}
      className={props.className}
      data-testid={props.testId}
      role={props.role}
      style={at ? { left: at.left, top: at.top } : { left: 0, top: 0, visibility: 'hidden' }}
    >
      {props.children}
    </div>
  );
}

/** The hover tooltip: what is under the pointer, in a few words. */
export function MapTooltip({ x, y, text }: { x: number; y: number; text: TooltipText }) {
  return (
    <Floating x={x} y={y} className="map-tooltip" testId="map-tooltip" role="tooltip">
      <strong>{text.title}</strong>
      {text.lines.map((l, i) => (
        <span key={i}>{l}</span>
      ))}
    </Floating>
  );
}

/** A click's popup inside the map: a title, its content and a close button (Escape closes it too). */
export function MapPopup(props: { x: number; y: number; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Floating x={props.x} y={props.y} className="map-popup" testId="map-popup" role="dialog">
      <div
        className="map-popup-head"
        onKeyDown={(e) => {
          if (e.key === 'Escape') props.onClose();
        }}
      >
        <h3>{props.title}</h3>
        <button type="button" className="link-button map-popup-close" aria-label="Close" onClick={props.onClose}>
          ×
        </button>
      </div>
      {props.children}
    </Floating>
  );
}
