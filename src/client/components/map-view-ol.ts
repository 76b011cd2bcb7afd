// OpenLayers, imported only through map-view.tsx's dynamic import: never in a page's first chunk.
import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import TileLayer from 'ol/layer/Tile';
import XYZ from 'ol/source/XYZ';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import Style from 'ol/style/Style';
import Icon from 'ol/style/Icon';
import { fromLonLat } from 'ol/proj';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';

export interface OlMapOptions {
  latitude: number;
  longitude: number;
  zoom: number;
  tileUrl: string;
  markerColor: string;
  /** several markers; the view fits them (at most `zoom`) */
  markers?: { latitude: number; longitude: number }[];
}

const pin = (color: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="36" height="48" viewBox="0 0 36 48"><path d="M18 1C8.6 1 1 8.6 1 18c0 12.8 17 29 17 29s17-16.2 17-29C35 8.6 27.4 1 18 1z" fill="${color}" stroke="#fff" stroke-width="2"/><circle cx="18" cy="18" r="7" fill="#fff"/></svg>`,
  )}`;

/** Draws the tiles and a marker into `target`; returns the clean-up. Tile failures only leave the background blank. */
export function createOlMap(target: HTMLElement, o: OlMapOptions): () => void {
  const center = fromLonLat([o.longitude, o.latitude]);
  const tiles = new XYZ({ url: o.tileUrl, transition: 0 });
  const style = new Style({ image: new Icon({ src: pin(o.markerColor), anchor: [0.5, 1], width: 36, height: 48 }) });
  const points = o.markers ? o.markers.map((m) => fromLonLat([m.longitude, m.latitude])) : [center];
  const features = points.map((p) => {
    const marker = new Feature({ geometry: new Point(p) });
    marker.setStyle(style);
    return marker;
  });
  const source = new VectorSource({ features });
  const map = new OlMap({
    target,
    // The attribution is drawn by map-view.tsx as a caption; no buttons inside the map image.
    controls: [],
    interactions: defaultInteractions({ mouseWheelZoom: false }),
    layers: [new TileLayer({ source: tiles }), new VectorLayer({ source })],
    view: new View({ center, zoom: o.zoom }),
  });
  const extent = source.getExtent();
  if (o.markers && o.markers.length > 0 && extent) map.getView().fit(extent, { padding: [56, 40, 24, 40], maxZoom: o.zoom, size: [target.clientWidth || 300, target.clientHeight || 300] });
  return () => map.setTarget(undefined);
}
