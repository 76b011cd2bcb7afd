/** Settings the server writes into index.html (script#app-config) for the client. */
export interface RuntimeConfig {
  appName: string;
  publicUrl: string;
  mapTileUrl: string;
  mapTileAttribution: string;
  supportPhone: string;
  supportEmail: string;
  shopUrl: string;
  appStoreUrl: string;
  playStoreUrl: string;
  /** issue 31: minutes without activity before the portal covers itself with the PIN screen */
  idleLockMinutes?: number;
}
