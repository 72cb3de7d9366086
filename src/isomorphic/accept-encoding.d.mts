export declare function negotiateEncoding(acceptEncoding: string | null | undefined): 'br' | 'gzip' | null
