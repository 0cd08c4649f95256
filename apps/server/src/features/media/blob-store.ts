import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaStorageConfig } from '../../config/config';

/** Bytes `start` to `end`, both included (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live (docs/decisions/0063-word-media.md): a folder under DATA_DIR or an
 * S3-compatible bucket, behind one interface. Keys are made by the server (`<owner>/<id>`),
 * never by a client. `put` is all or nothing: a reader sees the whole file or none.
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes (or the range of them); undefined when the key holds nothing. */
  get(key: string, range?: ByteRange): Promise<Uint8Array | undefined>;
  /** Removes the key; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9-]+(\/[A-Za-z0-9-]+)*$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
  return key;
}

const isNotFound = (error: unknown) => (error as { code?: string } | null)?.code === 'ENOENT';

/** Files under one folder; a write goes to a temporary file renamed into place (atomic). */
export class FileBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.file(key);
    const temporary = `${file}.${randomUUID()}.tmp`;
    // A sweep may remove the owner's emptied folder between mkdir and the write: once more then.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temporary, bytes, { flush: true });
        await rename(temporary, file);
        return;
      } catch (error) {
        await rm(temporary, { force: true });
        if (!isNotFound(error) || attempt >= 3) throw error;
      }
    }
  }

  async get(key: string, range?: ByteRange): Promise<Uint8Array | undefined> {
    let handle;
    try {
      handle = await open(this.file(key), 'r');
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    try {
      if (!range) return await handle.readFile();
      const buffer = Buffer.alloc(range.end - range.start + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, range.start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await rm(file, { force: true });
    // The owner's folder goes with its last file; another upload may be filling it meanwhile.
    await rmdir(path.dirname(file)).catch(() => undefined);
  }
}

type S3Settings = Extract<MediaStorageConfig, { driver: 's3' }>;

/** An S3-compatible bucket (AWS, MinIO, Garage, …), path-style addressing when asked for. */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer
      // default ones (CRC32 trailers) that AWS itself accepts.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkKey(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.byteLength,
      }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<Uint8Array | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: checkKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}

export function createBlobStore(config: MediaStorageConfig): BlobStore & { close?(): void } {
  return config.driver === 's3' ? new S3BlobStore(config) : new FileBlobStore(config.dir);
}
