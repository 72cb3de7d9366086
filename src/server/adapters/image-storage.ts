import path from 'node:path'
import { env } from '../env'
import { folderStorage, type ObjectStorage } from './object-storage'
import { s3Storage, type S3StorageConfig } from './s3-storage'

// The image store of this process (decision 026): an S3 bucket when S3_BUCKET is set, otherwise the
// folder IMAGES_DIR. Read at each call, so a test that points IMAGES_DIR elsewhere is followed.

const folders = new Map<string, ObjectStorage>()
let s3: { config: S3StorageConfig; storage: ObjectStorage } | undefined
let override: ObjectStorage | null = null

/** The S3 settings of the environment, or null when uploads stay in IMAGES_DIR. */
export function s3ConfigFromEnv(): S3StorageConfig | null {
  const config = env()
  if (!config.S3_BUCKET) return null
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION ?? 'us-east-1',
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined,
  }
}

/** The image store of this process: S3 when S3_BUCKET is set, otherwise the folder IMAGES_DIR. */
export function imageStorage(): ObjectStorage {
  if (override) return override
  const config = s3ConfigFromEnv()
  if (config) {
    if (!s3 || JSON.stringify(s3.config) !== JSON.stringify(config)) s3 = { config, storage: s3Storage(config) }
    return s3.storage
  }
  const root = path.resolve(env().IMAGES_DIR)
  let storage = folders.get(root)
  if (!storage) folders.set(root, (storage = folderStorage(root)))
  return storage
}

/** Tests: makes `storage` the process's image store until called with null. */
export function useImageStorage(storage: ObjectStorage | null): void {
  override = storage
}
