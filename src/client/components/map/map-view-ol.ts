// OpenLayers, imported only through map-view.tsx's dynamic import: never in a page's first chunk.
import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import TileLayer from 'ol/layer/Tile';
import XYZ from 'ol/source/XYZ';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import Cluster from 'ol/source/Cluster';
import Feature, { type FeatureLike } from 'ol/Feature';
import Point from 'ol/geom/Point';
import Style from 'ol/style/Style';
import Icon from 'ol/style/Icon';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Text from 'ol/style/Text';
import { boundingExtent } from 'ol/extent';
import { asArray } from 'ol/color';
import { fromLonLat, toLonLat } from 'ol/proj';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';

interface OlMarker {
  id: string;
  latitude: number;
  longitude: number;
  label: string;
}

export interface OlMapOptions {
  latitude: number;
  longitude: number;
  zoom: number;
  tileUrl: string;
  markerColor: string;
  /** several markers instead of the one at latitude/longitude: clustered when they crowd, view fitted to them */
  markers?: OlMarker[];
  /** a marker (or a cluster of one) was clicked */
  onSelect?: (id: string) => void;
  /** the visitor's position, drawn as a dot apart from the markers */
  visitor?: { latitude: number; longitude: number } | null;
  visitorColor?: string;
  /** text colour on cluster badges */
  clusterTextColor?: string;
  /** the one marker's map: a click (or tap) on the map places the marker there (a place picker) */
  onPick?: (latitude: number, longitude: number) => void;
}

/** Pixels within which markers merge into one numbered cluster. */
const CLUSTER_DISTANCE_PX = 40;

/** The pin's size: it stands on its point (anchored at the bottom centre). */
const PIN = { width: 36, height: 48 } as const;
/** A cluster's circle: this radius plus half its count (capped at 20), with a 3 px white ring. */
const CLUSTER_RADIUS = { base: 16, max: 16 + 20 / 2, ring: 3 } as const;
/** Free space kept between a marker's drawing and the map's edge when the view is fitted. */
const EDGE_MARGIN_PX = 16;

/**
 * Padding of a fitted view ([top, right, bottom, left] px): the fit places points, and a marker's
 * drawing reaches past its point (a pin stands above it, a cluster's circle spreads around it), so
 * the padding holds the largest drawing plus a margin: no marker sits on the map's edge.
 */
const FIT_PADDING: [number, number, number, number] = (() => {
  const clusterReach = CLUSTER_RADIUS.max + CLUSTER_RADIUS.ring;
  const side = Math.max(PIN.width / 2, clusterReach) + EDGE_MARGIN_PX;
  return [Math.max(PIN.height, clusterReach) + EDGE_MARGIN_PX, side, clusterReach + EDGE_MARGIN_PX, side];
})();

const pin = (color: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="36" height="48" viewBox="0 0 36 48"><path d="M18 1C8.6 1 1 8.6 1 18c0 12.8 17 29 17 29s17-16.2 17-29C35 8.6 27.4 1 18 1z" fill="${color}" stroke="#fff" stroke-width="2"/><circle cx="18" cy="18" r="7" fill="#fff"/></svg>`,
  )}`;

/**
 * Draws the tiles and a marker (or many) into `target`; returns the clean-up. Tile failures only leave the background
 * blank.
 */
export function createOlMap(target: HTMLElement, o: OlMapOptions): () => void {
  const tiles = new XYZ({ url: o.tileUrl, transition: 0 });
  const pinStyle = new Style({
    image: new Icon({ src: pin(o.markerColor), anchor: [0.5, 1], width: PIN.width, height: PIN.height }),
  });
  const layers: Array<TileLayer<XYZ> | VectorLayer> = [new TileLayer({ source: tiles })];
  const points: number[][] = [];
  let markerLayer: VectorLayer | null = null;

  // The visitor's dot goes under the markers: a marker or a cluster's count over the visitor's place stays readable.
  if (o.visitor) {
    const at = fromLonLat([o.visitor.longitude, o.visitor.latitude]);
    points.push(at);
    const you = new Feature({ geometry: new Point(at) });
    const color = asArray(o.visitorColor ?? '#1565c0');
    // a soft halo wider than a cluster, so the visitor's place still shows around a marker drawn over it
    const halo = new Style({
      image: new CircleStyle({
        radius: CLUSTER_RADIUS.max,
        fill: new Fill({ color: [color[0], color[1], color[2], 0.22] }),
      }),
    });
    you.setStyle([
      halo,
      new Style({
        image: new CircleStyle({
          radius: 8,
          fill: new Fill({ color }),
          stroke: new Stroke({ color: '#fff', width: 3 }),
        }),
      }),
    ]);
    layers.push(new VectorLayer({ source: new VectorSource({ features: [you] }), properties: { role: 'visitor' } }));
  }

  if (o.markers) {
    const features = o.markers.map((m) => {
      const at = fromLonLat([m.longitude, m.latitude]);
      points.push(at);
      const f = new Feature({ geometry: new Point(at), markerId: m.id, name: m.label });
      return f;
    });
    const clusterStyles = new Map<number, Style>();
    const clusterStyle = (size: number) => {
      let style = clusterStyles.get(size);
      if (!style) {
        style = new Style({
          image: new CircleStyle({
            radius: CLUSTER_RADIUS.base + Math.min(size, 20) / 2,
            fill: new Fill({ color: o.markerColor }),
            stroke: new Stroke({ color: '#fff', width: CLUSTER_RADIUS.ring }),
          }),
          text: new Text({
            text: String(size),
            font: '700 14px sans-serif',
            fill: new Fill({ color: o.clusterTextColor ?? '#fff' }),
          }),
        });
        clusterStyles.set(size, style);
      }
      return style;
    };
    markerLayer = new VectorLayer({
      properties: { role: 'markers' },
      source: new Cluster({ distance: CLUSTER_DISTANCE_PX, source: new VectorSource({ features }) }),
      style: (feature: FeatureLike) => {
        const size = (feature.get('features') as Feature[] | undefined)?.length ?? 1;
        return size > 1 ? clusterStyle(size) : pinStyle;
      },
    });
    layers.push(markerLayer);
  } else {
    const at = fromLonLat([o.longitude, o.latitude]);
    points.push(at);
    const marker = new Feature({ geometry: new Point(at) });
    marker.setStyle(pinStyle);
    layers.push(new VectorLayer({ source: new VectorSource({ features: [marker] }), properties: { role: 'markers' } }));
  }

  const view = new View({ center: points[0] ?? fromLonLat([o.longitude, o.latitude]), zoom: o.zoom });
  const map = new OlMap({
    target,
    // The attribution is drawn by map-view.tsx as a caption; no buttons inside the map image.
    controls: [],
    interactions: defaultInteractions({ mouseWheelZoom: false }),
    layers,
    view,
  });
  // Fitted to the markers (and the visitor) again when the box changes size, until the visitor moves the map.
  let moved = false;
  const fit = () => {
    if (o.markers && points.length > 1 && !moved)
      view.fit(boundingExtent(points), {
        padding: FIT_PADDING,
        maxZoom: o.zoom,
        size: map.getSize() ?? [target.clientWidth, target.clientHeight],
      });
  };
  fit();
  map.on('pointerdrag', () => {
    moved = true;
  });

  if (o.onPick) {
    const pick = o.onPick;
    map.on('singleclick', (event) => {
      const [longitude, latitude] = toLonLat(event.coordinate);
      pick(latitude, ((((longitude + 180) % 360) + 360) % 360) - 180);
    });
  }
  if (markerLayer) {
    const onlyMarkers = { hitTolerance: 4, layerFilter: (layer: unknown) => layer === markerLayer };
    map.on('singleclick', (event) => {
      const hit = map.forEachFeatureAtPixel(event.pixel, (f) => f, onlyMarkers);
      const members = hit?.get('features') as Feature[] | undefined;
      if (!members?.length) return;
      if (members.length === 1) {
        o.onSelect?.(String(members[0].get('markerId')));
        return;
      }
      // A cluster: zoom in to its markers; one past the most detailed zoom opens the first.
      const extent = boundingExtent(members.map((m) => (m.getGeometry() as Point).getCoordinates()));
      moved = true;
      if ((view.getZoom() ?? 0) >= 18) o.onSelect?.(String(members[0].get('markerId')));
      else view.fit(extent, { padding: FIT_PADDING, maxZoom: 18, duration: 250 });
    });
    map.on('pointermove', (event) => {
      target.style.cursor = map.hasFeatureAtPixel(event.pixel, onlyMarkers) ? 'pointer' : '';
    });
  }
  // the box changes size with the page (rotation, a panel opening): the map follows it
  const resize = new ResizeObserver(() => {
    map.updateSize();
    fit();
  });
  resize.observe(target);
  return () => {
    resize.disconnect();
    map.setTarget(undefined);
  };
}
