import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3StorageConfig } from '@/server/adapters/s3-storage'

// A real S3-speaking server for the tests (s3rver: the S3 REST API over HTTP, objects in a folder),
// on loopback at a port the system picks, with its own temporary folder and one empty bucket. No
// mock: the AWS SDK signs and sends real requests to it, as it would to AWS, R2 or MinIO.

export type TestS3Server = {
  /** The storage settings that reach it (S3_BUCKET, S3_ENDPOINT … as S3StorageConfig). */
  config: S3StorageConfig
  /** The same settings as the environment would give them. */
  env: Record<string, string>
  close(): Promise<void>
}

export const TEST_BUCKET = 'webstore-test'

/** Starts the server with an empty bucket `bucket`; close it in afterAll. */
export async function startS3Server(bucket = TEST_BUCKET): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  // s3rver takes any signature made with this key pair (its documented default).
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  return {
    config: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials },
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
