import type * as S3Sdk from '@aws-sdk/client-s3'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { checkObjectKey, contentTypeOf, type ObjectStorage } from './object-storage'

// The image store in S3-compatible object storage (issue 25): AWS S3, Cloudflare R2, MinIO and
// Backblaze B2 all speak this API. One bucket holds every image under the same keys the folder
// storage uses as paths. A missing object answers null like a missing file; any other failure (the
// service down, a wrong key or bucket) is logged with the service's own words and thrown as a
// DomainError `unavailable` whose sentence says nothing of the bucket. The SDK is loaded on first
// use, so an install that keeps its images in a folder never loads it.

export type S3StorageConfig = {
  bucket: string
  region: string
  /** Another service than AWS (https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 …); unset: AWS. */
  endpoint?: string | undefined
  /** Addresses as {endpoint}/{bucket}/{key} instead of {bucket}.{endpoint}/{key} (MinIO, most local servers). */
  forcePathStyle: boolean
  /** Unset: the SDK's own chain (an instance role, AWS_* variables, a profile). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined
}

export const IMAGE_STORE_UNAVAILABLE = 'The image store could not be reached. Please try again in a moment.'

/** Not found on a GET (NoSuchKey) or a HEAD (NotFound, no body), whatever the service calls it. */
function isMissing(error: unknown): boolean {
  const answer = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null
  if (!answer?.$metadata) return false
  return answer.$metadata.httpStatusCode === 404 || answer.name === 'NoSuchKey' || answer.name === 'NotFound'
}

function unavailable(error: unknown, action: string, key: string): DomainError {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  logger().error({ err: error, key }, `object storage: ${action} failed`)
  return new DomainError('unavailable', `object storage ${action} of ${key} failed (${detail})`, IMAGE_STORE_UNAVAILABLE)
}

/** The bucket of `config` as object storage. */
export function s3Storage(config: S3StorageConfig): ObjectStorage {
  let connected: Promise<{ client: S3Sdk.S3Client; sdk: typeof S3Sdk }> | undefined
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        ...(config.credentials ? { credentials: config.credentials } : {}),
      }),
    })))
  const Bucket = config.bucket

  return {
    kind: 's3',
    async get(key) {
      const { client, sdk } = await connect()
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: checkObjectKey(key) }))
        if (!answer.Body) return null
        return Buffer.from(await answer.Body.transformToByteArray())
      } catch (error) {
        if (isMissing(error)) return null
        throw unavailable(error, 'read', key)
      }
    },
    async head(key) {
      const { client, sdk } = await connect()
      try {
        const answer = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: checkObjectKey(key) }))
        return { size: answer.ContentLength ?? 0, version: answer.ETag ?? `${answer.ContentLength ?? 0}-${answer.LastModified?.getTime() ?? 0}` }
      } catch (error) {
        if (isMissing(error)) return null
        throw unavailable(error, 'look-up', key)
      }
    },
    async put(key, data) {
      const { client, sdk } = await connect()
      try {
        await client.send(new sdk.PutObjectCommand({ Bucket, Key: checkObjectKey(key), Body: data, ContentType: contentTypeOf(key), ContentLength: data.length }))
      } catch (error) {
        throw unavailable(error, 'write', key)
      }
    },
    async delete(key) {
      const { client, sdk } = await connect()
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkObjectKey(key) }))
      } catch (error) {
        if (isMissing(error)) return
        throw unavailable(error, 'delete', key)
      }
    },
    async list(prefix) {
      const Prefix = prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`
      const keys: string[] = []
      let ContinuationToken: string | undefined
      const { client, sdk } = await connect()
      try {
        do {
          const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix, ...(ContinuationToken ? { ContinuationToken } : {}) }))
          for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key)
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
        } while (ContinuationToken)
      } catch (error) {
        throw unavailable(error, 'listing', Prefix)
      }
      return keys.sort()
    },
    localFile() {
      return null
    },
  }
}
