/** Media attached to a facility-map polygon: a YouTube ('yt') or Wistia embed. */
export interface FacilityMapMedia {
  media_type: 'yt' | 'wistia';
  media_url: string;
}

/** A clickable space on a facility-map image; top/left/width/height are pixels of the image's natural size. */
export interface FacilityMapPolygon {
  door_name: string;
  height: number;
  width: number;
  top: number;
  left: number;
  media: FacilityMapMedia[];
}

/** One image of GET user/facility/{facility}/map/ (scaled by the UI to fit its container minus 50 px). */
export interface FacilityMapImage {
  name: string;
  image_url: string;
  height: number;
  width: number;
  polygons: FacilityMapPolygon[];
}
