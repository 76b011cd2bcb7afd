import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaStoreConfig } from '#server/config';
import {
  contentTypeOf,
  isDerivedFolder,
  isDerivedPath,
  isStoredPath,
  isUploadPath,
  newUploadPath,
  type MediaArea,
  type MediaStorage,
  type StoreState,
} from '#server/media/storage';
import { StoreCondition, storeFailure } from '#server/media/storage-failure';

type S3Config = Extract<MediaStoreConfig, { kind: 's3' }>;

/**
 * Uploads and share images in an S3-compatible bucket (MEDIA_STORE=s3), so every server process
 * sees every picture (docs/decisions/0067). Keys are the media paths under S3_PREFIX; objects are
 * private and served through the app under /media/ (immutable: a path never changes content).
 */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;
  private readonly store = new StoreCondition();

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      forcePathStyle: config.forcePathStyle,
    });
  }

  private key(relativePath: string): string {
    return this.config.prefix + relativePath;
  }

  async put(data: Buffer, ext: string, area: MediaArea = 'public'): Promise<string> {
    const relativePath = newUploadPath(ext, area);
    // One PUT: the object exists whole or not at all.
    await this.write(relativePath, data);
    return relativePath;
  }

  async putDerived(relativePath: string, data: Buffer): Promise<void> {
    if (!isDerivedPath(relativePath)) throw new Error(`not a derived path: ${relativePath}`);
    await this.write(relativePath, data);
  }

  private async write(relativePath: string, data: Buffer): Promise<void> {
    try {
      await this.sendPut(relativePath, data);
      this.store.succeeded();
    } catch (err) {
      const failure = storeFailure(err);
      this.store.failed(failure);
      throw failure;
    }
  }

  async condition(): Promise<StoreState> {
    return this.store.recentFailure() ?? 'ok';
  }

  private async sendPut(relativePath: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.key(relativePath),
        Body: data,
        ContentType: contentTypeOf(relativePath),
        // Visit pictures (clinical/) are never public: served by the app through signed links.
        CacheControl: relativePath.startsWith('clinical/')
          ? 'private, no-cache'
          : 'public, max-age=31536000, immutable',
      }),
    );
  }

  async delete(relativePath: string): Promise<void> {
    if (!isUploadPath(relativePath)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(relativePath) }));
  }

  async removeDerived(folder: string, keep?: string): Promise<void> {
    if (!isDerivedFolder(folder)) throw new Error(`not a derived folder: ${folder}`);
    const listed = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: this.key(folder) }),
    );
    const keys = (listed.Contents ?? [])
      .map((o) => o.Key)
      .filter((key): key is string => key !== undefined && key !== (keep === undefined ? undefined : this.key(keep)));
    if (keys.length === 0) return;
    await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }),
    );
  }

  async read(relativePath: string): Promise<Buffer | null> {
    if (!isStoredPath(relativePath)) return null;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(relativePath) }),
      );
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (err) {
      if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404))
        return null;
      throw err;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
