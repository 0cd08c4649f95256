import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

/** s3rver accepts these (its defaults): any client that signs with them gets in. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server on 127.0.0.1 (s3rver, from npm), with one bucket, for the S3
 * blob store's tests: the AWS SDK signs and sends real HTTP requests to it.
 */
export async function startS3Server(bucket: string) {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
