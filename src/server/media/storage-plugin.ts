import fp from 'fastify-plugin';
import type { Config } from '#server/config';
import { S3Storage } from '#server/media/s3-storage';
import { LocalDiskStorage, type MediaStorage } from '#server/media/storage';

/** The storage driver of a server configuration (MEDIA_STORE). */
function storageFor(config: Config): MediaStorage {
  return config.mediaStore.kind === 's3' ? new S3Storage(config.mediaStore) : new LocalDiskStorage(config.mediaDir);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads and share images are kept (MEDIA_STORE: the local disk or an S3 bucket). */
    mediaStorage: MediaStorage;
  }
}

/** Decorates `app.mediaStorage` with the driver MEDIA_STORE names. */
export const mediaStoragePlugin = fp(
  async (app) => {
    const storage = storageFor(app.config);
    if (storage instanceof LocalDiskStorage) {
      const removed = await storage.removeLeftoverTempFiles();
      if (removed > 0) app.log.warn({ removed }, 'media storage: removed temporary files left by unfinished writes');
    }
    app.decorate('mediaStorage', storage);
  },
  { name: 'media-storage', fastify: '5.x' },
);
