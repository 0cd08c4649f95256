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
import { AppError, serviceUnavailable } from '../../domain/errors';

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

/** What a client is told to wait after the bucket did not answer. */
const S3_RETRY_AFTER_SECONDS = 30;

/**
 * An S3 failure in our words (decision 0073): S3 answered with an error of its own (a 403 for
 * our keys, a 500) → 502 UPSTREAM_ERROR; no answer at all (refused, reset, timed out) → 503
 * SERVICE_UNAVAILABLE with Retry-After. Either way the cause is logged, never sent.
 */
function fromS3Error(error: unknown): unknown {
  if (error instanceof S3ServiceException) return new AppError('UPSTREAM_ERROR', {}, { cause: error });
  return serviceUnavailable(S3_RETRY_AFTER_SECONDS, error);
}

/**
 * An S3-compatible bucket (AWS, MinIO, Garage, …), path-style addressing when asked for. Every
 * request is bounded: `timeoutMs` to connect, the same until the answer begins and for each
 * silence while it streams, and one retry at most, so a bucket that never answers ends an
 * upload in about twice the timeout instead of never (the SDK's defaults wait forever).
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  constructor(
    private readonly settings: S3Settings,
    timeoutMs: number,
  ) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer
      // default ones (CRC32 trailers) that AWS itself accepts.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: timeoutMs,
        requestTimeout: timeoutMs,
        throwOnRequestTimeout: true,
        socketTimeout: timeoutMs,
      },
      maxAttempts: 2,
    });
  }

  private async send<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw fromS3Error(error);
    }
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const command = new PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: checkKey(key),
      Body: bytes,
      ContentType: contentType,
      ContentLength: bytes.byteLength,
    });
    await this.send(() => this.client.send(command));
  }

  async get(key: string, range?: ByteRange): Promise<Uint8Array | undefined> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: checkKey(key),
      ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
    });
    return this.send(async () => {
      try {
        const answer = await this.client.send(command);
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
        throw error;
      }
    });
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    const command = new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) });
    await this.send(() => this.client.send(command));
  }

  close(): void {
    this.client.destroy();
  }
}

export function createBlobStore(
  config: MediaStorageConfig,
  s3TimeoutMs: number,
): BlobStore & { close?(): void } {
  return config.driver === 's3' ? new S3BlobStore(config, s3TimeoutMs) : new FileBlobStore(config.dir);
}
