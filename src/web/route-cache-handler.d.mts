export declare function dropAllRenderedPages(): number
export declare function renderedPagesGeneration(): number
export declare function revalidateRenderedTags(tags: string | string[]): void
export declare function announceRevalidatedTags(listener: ((tags: string[]) => Promise<void>) | null): void
export default class RouteCacheHandler {
  constructor(options: unknown)
  get(key: string): Promise<{ value: unknown; lastModified: number } | null>
  set(key: string, value: unknown, ctx?: { tags?: string[] }): Promise<void>
  revalidateTag(tags: string | string[]): Promise<void>
  resetRequestCache(): void
}
